import Foundation
import Imaging
import Testing

/// One PNG layout to build and the RGB(A) it must decode to.
struct PNGCase: CustomTestStringConvertible, Sendable {
    var name: String
    var colorType: Int
    var bitDepth: Int
    var interlaced = false
    var palette: [UInt8] = []
    var transparency: [UInt8] = []
    var testDescription: String { name }

    static let width = 13, height = 7

    /// The samples of pixel (x, y), in the file's own terms (palette index, gray level, …).
    func samples(_ x: Int, _ y: Int) -> [Int] {
        let top = (1 << bitDepth) - 1
        let v = (x * 7 + y * 3) % (top + 1)
        switch colorType {
        case 0: return [v]
        case 2: return [v, top - v, (v * 5) % (top + 1)]
        case 3: return [(x + y) % (palette.count / 3)]
        case 4: return [v, (x * 37 + 5) % (top + 1)]
        default: return [v, top - v, (v * 5) % (top + 1), (y * 41 + 9) % (top + 1)]
        }
    }

    /// The rows as PNG stores them: big-endian 16-bit samples, sub-byte samples packed MSB first.
    func rows() -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<Self.height {
            var bits: [Int] = []
            for x in 0..<Self.width { bits += samples(x, y) }
            if bitDepth == 16 {
                for sample in bits { bytes += [UInt8(sample >> 8), UInt8(sample & 0xFF)] }
            } else if bitDepth == 8 {
                bytes += bits.map { UInt8($0) }
            } else {
                var current = 0, used = 0
                for sample in bits {
                    current = current << bitDepth | sample
                    used += bitDepth
                    if used == 8 { bytes.append(UInt8(current)); current = 0; used = 0 }
                }
                if used > 0 { bytes.append(UInt8(current << (8 - used))) }
            }
        }
        return bytes
    }

    /// The 8-bit RGBA the pixel must decode to (alpha 255 when opaque).
    func expected(_ x: Int, _ y: Int) -> [Int] {
        let top = (1 << bitDepth) - 1
        func eight(_ value: Int) -> Int { (value * 255 + top / 2) / top }
        let s = samples(x, y)
        switch colorType {
        case 0:
            let gray = eight(s[0])
            let transparent = transparency.count == 2 && s[0] == (Int(transparency[0]) << 8 | Int(transparency[1]))
            return [gray, gray, gray, transparent ? 0 : 255]
        case 2: return [eight(s[0]), eight(s[1]), eight(s[2]), 255]
        case 3:
            let index = s[0]
            let alpha = index < transparency.count ? Int(transparency[index]) : 255
            return [Int(palette[index * 3]), Int(palette[index * 3 + 1]), Int(palette[index * 3 + 2]), alpha]
        case 4: return [eight(s[0]), eight(s[0]), eight(s[0]), eight(s[1])]
        default: return [eight(s[0]), eight(s[1]), eight(s[2]), eight(s[3])]
        }
    }

    static let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 250, 250, 250]

    static let all: [PNGCase] = {
        var cases: [PNGCase] = []
        for depth in [1, 2, 4, 8, 16] { cases.append(PNGCase(name: "gray \(depth)-bit", colorType: 0, bitDepth: depth)) }
        cases.append(PNGCase(name: "gray 8-bit with tRNS", colorType: 0, bitDepth: 8, transparency: [0, 10]))
        for depth in [8, 16] { cases.append(PNGCase(name: "RGB \(depth)-bit", colorType: 2, bitDepth: depth)) }
        for depth in [2, 4, 8] { cases.append(PNGCase(name: "palette \(depth)-bit", colorType: 3, bitDepth: depth, palette: palette)) }
        cases.append(PNGCase(name: "palette 1-bit", colorType: 3, bitDepth: 1, palette: Array(palette.prefix(6))))
        cases.append(PNGCase(name: "palette 8-bit with tRNS", colorType: 3, bitDepth: 8, palette: palette, transparency: [0, 128, 255]))
        for depth in [8, 16] { cases.append(PNGCase(name: "gray+alpha \(depth)-bit", colorType: 4, bitDepth: depth)) }
        for depth in [8, 16] { cases.append(PNGCase(name: "RGBA \(depth)-bit", colorType: 6, bitDepth: depth)) }
        cases.append(PNGCase(name: "RGB 8-bit interlaced", colorType: 2, bitDepth: 8, interlaced: true))
        cases.append(PNGCase(name: "RGBA 16-bit interlaced", colorType: 6, bitDepth: 16, interlaced: true))
        cases.append(PNGCase(name: "palette 4-bit interlaced with tRNS", colorType: 3, bitDepth: 4, interlaced: true, palette: palette, transparency: [30]))
        return cases
    }()
}

@Suite("PNG: every colour type and bit depth")
struct PNGColorTypeTests {
    @Test("each PNG layout decodes to the RGB(A) its samples mean", arguments: PNGCase.all)
    func decodes(_ layout: PNGCase) throws {
        let png = try PNGEncoder.encodeRaw(
            rows: layout.rows(), width: PNGCase.width, height: PNGCase.height, bitDepth: layout.bitDepth,
            colorType: layout.colorType, interlaced: layout.interlaced, palette: layout.palette, transparency: layout.transparency
        )
        let (image, info) = try ImageDecoder().decode(png)
        let hasAlpha = layout.colorType >= 4 || !layout.transparency.isEmpty
        #expect(info.hasAlpha == hasAlpha)
        #expect(image.width == PNGCase.width && image.height == PNGCase.height)
        #expect(image.channels == (hasAlpha ? 4 : 3))
        for y in 0..<PNGCase.height {
            for x in 0..<PNGCase.width {
                let expected = layout.expected(x, y)
                let actual = image[x, y].map(Int.init)
                let matches = zip(actual, expected).allSatisfy { abs($0 - $1) <= 1 }
                #expect(matches, "pixel (\(x), \(y)): \(actual), expected \(expected)")
                if !matches { return }
            }
        }
    }
}
