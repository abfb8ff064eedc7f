import Foundation
import Imaging

/// Test images made here: known patterns, their geometric transforms, and EXIF insertion.
enum Patterns {
    static let red: [UInt8] = [220, 30, 30]
    static let green: [UInt8] = [30, 200, 40]
    static let blue: [UInt8] = [40, 50, 210]
    static let yellow: [UInt8] = [230, 220, 40]

    /// Four coloured quadrants: red top-left, green top-right, blue bottom-left, yellow bottom-right.
    static func quadrants(width: Int, height: Int) -> PixelImage {
        PixelImage(width: width, height: height, channels: 3) { x, y in
            switch (x < width / 2, y < height / 2) {
            case (true, true): red
            case (false, true): green
            case (true, false): blue
            case (false, false): yellow
            }
        }
    }

    /// A smooth gradient, which JPEG keeps well.
    static func gradient(width: Int, height: Int) -> PixelImage {
        PixelImage(width: width, height: height, channels: 3) { x, y in
            [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 128]
        }
    }

    /// Pixel-sized black and white checks: any nearest-neighbour scaler shows stripes or noise;
    /// an area-averaging one shows flat grey.
    static func checkerboard(width: Int, height: Int) -> PixelImage {
        PixelImage(width: width, height: height, channels: 3) { x, y in
            (x + y) % 2 == 0 ? [0, 0, 0] : [255, 255, 255]
        }
    }

    // The stored image for each EXIF orientation, from the upright picture, by the definitions:
    // 2 mirrored, 3 turned half round, 4 flipped, 5 transposed, 6 turned a quarter left (it
    // must be turned right to stand up), 7 transversed, 8 turned a quarter right.
    static func stored(_ upright: PixelImage, orientation: Int) -> PixelImage {
        switch orientation {
        case 2: mapped(upright, width: upright.width, height: upright.height) { x, y in (upright.width - 1 - x, y) }
        case 3: mapped(upright, width: upright.width, height: upright.height) { x, y in (upright.width - 1 - x, upright.height - 1 - y) }
        case 4: mapped(upright, width: upright.width, height: upright.height) { x, y in (x, upright.height - 1 - y) }
        case 5: mapped(upright, width: upright.height, height: upright.width) { x, y in (y, x) }
        case 6: mapped(upright, width: upright.height, height: upright.width) { x, y in (upright.width - 1 - y, x) }
        case 7: mapped(upright, width: upright.height, height: upright.width) { x, y in (upright.width - 1 - y, upright.height - 1 - x) }
        case 8: mapped(upright, width: upright.height, height: upright.width) { x, y in (y, upright.height - 1 - x) }
        default: upright
        }
    }

    /// A `width`×`height` image whose pixel (x, y) is `source` at `from(x, y)`.
    private static func mapped(_ source: PixelImage, width: Int, height: Int, from: (Int, Int) -> (Int, Int)) -> PixelImage {
        PixelImage(width: width, height: height, channels: source.channels) { x, y in
            let (sx, sy) = from(x, y)
            return source[sx, sy]
        }
    }

    /// `jpeg` with an APP1 EXIF segment (little- or big-endian TIFF) carrying `orientation`.
    static func withExifOrientation(_ jpeg: Data, orientation: Int, bigEndian: Bool = false) -> Data {
        func u16(_ value: Int) -> [UInt8] { bigEndian ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func u32(_ value: Int) -> [UInt8] { bigEndian ? u16(value >> 16) + u16(value & 0xFFFF) : u16(value & 0xFFFF) + u16(value >> 16) }
        var tiff: [UInt8] = bigEndian ? Array("MM".utf8) : Array("II".utf8)
        tiff += u16(42) + u32(8)
        tiff += u16(2)                                          // two entries
        tiff += u16(0x010F) + u16(2) + u32(4) + Array("Cam\0".utf8)  // Make, ASCII, inline
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0)
        tiff += u32(0)
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        var result = Data(jpeg.prefix(2))
        result.append(contentsOf: segment)
        result.append(jpeg.dropFirst(2))
        return result
    }

    /// The largest difference between two equally sized images' channel values.
    static func maxDifference(_ a: PixelImage, _ b: PixelImage) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// The mean channel difference.
    static func meanDifference(_ a: PixelImage, _ b: PixelImage) -> Double {
        let total = zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(max(1, a.pixels.count))
    }

    /// Whether `pixel` is within `tolerance` of `expected` in every channel.
    static func close(_ pixel: [UInt8], _ expected: [UInt8], tolerance: Int = 24) -> Bool {
        zip(pixel, expected).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }
}
