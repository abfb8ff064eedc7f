import Foundation

/// Walks a JPEG's marker segments up to the frame header: its size from SOFn, its EXIF
/// orientation from APP1. Every length is checked against the data.
enum JPEGMarkers {
    static func read(_ data: Data) throws -> ImageInfo {
        let reader = ByteReader(bytes: data, format: "JPEG")
        var orientation = 1
        var offset = 2
        while true {
            guard try reader.byte(offset) == 0xFF else {
                throw ImagingError(.corrupt, "the JPEG has no marker at byte \(offset) where one should be")
            }
            offset = fillBytesEnd(data, from: offset + 1) - 1  // any number of 0xFF may precede a marker
            let marker = try reader.byte(offset + 1)
            offset += 2
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }  // standalone markers
            if marker == 0xD9 || marker == 0xDA {
                throw ImagingError(.corrupt, "the JPEG has no frame header before its image data")
            }
            let length = try reader.uint16(offset)
            guard length >= 2 else { throw ImagingError(.corrupt, "the JPEG has a segment of length \(length) at byte \(offset)") }
            switch marker {
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                let height = try reader.uint16(offset + 3), width = try reader.uint16(offset + 5)
                return ImageInfo(format: .jpeg, width: width, height: height, orientation: orientation, hasAlpha: false)
            case 0xE1 where reader.matches("Exif\0\0", at: offset + 2):
                let end = min(offset + length, data.count)
                orientation = ExifOrientation.read(data, tiffStart: offset + 8, end: end) ?? orientation
            default:
                break
            }
            offset += length
        }
    }
}

extension JPEGMarkers {
    /// The offset of the first byte at or after `offset` that is not 0xFF (the data's count if none).
    static func fillBytesEnd(_ data: Data, from offset: Int) -> Int {
        data.withUnsafeBytes { raw in
            var index = max(0, offset)
            while index < raw.count, raw[index] == 0xFF { index += 1 }
            return index
        }
    }
}

/// The orientation tag (0x0112) of IFD0 in an EXIF TIFF block; nil if absent or unreadable (a
/// damaged EXIF block is ignored, as cameras' are often odd).
enum ExifOrientation {
    static func read(_ data: Data, tiffStart: Int, end: Int) -> Int? {
        let reader = ByteReader(bytes: data.prefix(end), format: "EXIF")
        let littleEndian: Bool
        if reader.matches("II", at: tiffStart) { littleEndian = true } else if reader.matches("MM", at: tiffStart) { littleEndian = false } else { return nil }
        guard let ifd = try? reader.uint32(tiffStart + 4, littleEndian: littleEndian),
              let count = try? reader.uint16(tiffStart + ifd, littleEndian: littleEndian)
        else { return nil }
        for index in 0..<min(count, 512) {
            let entry = tiffStart + ifd + 2 + index * 12
            guard let tag = try? reader.uint16(entry, littleEndian: littleEndian) else { return nil }
            if tag == 0x0112 {
                guard let value = try? reader.uint16(entry + 8, littleEndian: littleEndian), (1...8).contains(value) else { return nil }
                return value
            }
        }
        return nil
    }
}
