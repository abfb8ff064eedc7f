import Foundation
import Testing
import TestSupport

@testable import QRCode

@Suite("QR codes that ordinary readers decode")
struct QRCodeTests {
    @Test("Reed–Solomon gives the published error correction of HELLO WORLD at version 1-M")
    func reedSolomon() {
        // Version 1-M's 16 data codewords of "HELLO WORLD" (alphanumeric) and their 10 error
        // correction codewords, as worked through in the standard's annex and its tutorials.
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        let expected: [UInt8] = [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]
        #expect(ReedSolomon.remainder(of: data, dividedBy: ReedSolomon.generator(degree: 10)) == expected)
    }

    @Test("format and version information carry the standard's check bits")
    func informationBits() {
        // Level L (01) with mask 4, and level M (00) with mask 5, from the standard's table C.1.
        #expect(ModuleGrid.formatBits(0b01_100) == 0b110011000101111)
        #expect(ModuleGrid.formatBits(0b00_101) == 0b100000011001110)
        // Versions 7 and 40, from table D.1.
        #expect(ModuleGrid.versionBits(7) == 0x07C94)
        #expect(ModuleGrid.versionBits(40) == 0x28C69)
    }

    @Test("byte capacities at versions 1, 10 and 40 are the standard's")
    func capacities() {
        #expect(QRCode.Level.allCases.map { QRVersion(1).byteCapacity($0) } == [17, 14, 11, 7])
        #expect(QRCode.Level.allCases.map { QRVersion(10).byteCapacity($0) } == [271, 213, 151, 119])
        #expect(QRCode.Level.allCases.map { QRVersion(40).byteCapacity($0) } == [2953, 2331, 1663, 1273])
    }

    @Test("the smallest version that holds the bytes is used; one byte more takes the next")
    func smallestVersion() throws {
        #expect(try QRCode(bytes: [UInt8](repeating: 65, count: 14)).version == 1)
        #expect(try QRCode(bytes: [UInt8](repeating: 65, count: 15)).version == 2)
        let code = try QRCode(text: "http://127.0.0.1:8080/items/6F0C1E2A-3B4C-4D5E-8F70-112233445566")
        #expect(code.version == 5 && code.size == 37)
    }

    @Test("bytes beyond version 40's capacity are refused with the capacity")
    func tooLong() {
        #expect(throws: QRCode.Failure.tooLong(byteCount: 2332, capacity: 2331)) {
            try QRCode(bytes: [UInt8](repeating: 0x41, count: 2332), level: .medium)
        }
    }

    @Test("zbar reads back exactly what was encoded, at every level, from version 1 to 40")
    func decodedByZbar() async throws {
        var cases: [(text: String, level: QRCode.Level)] = [
            ("http://127.0.0.1:8080/items/6F0C1E2A-3B4C-4D5E-8F70-112233445566", .medium),
            ("https://inventory.example/?location=House%20%E2%80%BA%20Garage", .medium),
            ("Café › Küche — 東京", .quartile),
            ("", .low),
        ]
        for level in QRCode.Level.allCases {
            for version in [1, 2, 6, 7, 9, 10, 14, 21, 27, 32, 40] {
                let capacity = QRVersion(version).byteCapacity(level)
                let text = String((0..<capacity).map { index in Character(UnicodeScalar(UInt8(33 + (index * 7 + version) % 94))) })
                cases.append((text, level))
            }
        }
        var images = Data()
        var expectedVersions: [Int] = []
        for (text, level) in cases {
            let code = try QRCode(text: text, level: level)
            expectedVersions.append(code.version)
            images.append(Self.grayImage(code, scale: 3))
        }
        let decoded = String(decoding: try await runPython(Self.zbarScript, input: images), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(decoded.count == cases.count)
        for (index, line) in decoded.enumerated() where index < cases.count {
            #expect(line == Data(cases[index].text.utf8).map { String(format: "%02x", $0) }.joined(), "case \(index) at version \(expectedVersions[index])")
        }
        // Every version boundary above was hit: the longest text of each version stays in it.
        #expect(Set(expectedVersions).isSuperset(of: [1, 2, 6, 7, 9, 10, 14, 21, 27, 32, 40]))
    }

    @Test("the SVG strokes each dark run once, where it is, inside a quiet zone, and escapes its label")
    func svg() throws {
        let code = try QRCode(text: "A")
        let svg = code.svg(quietZone: 4, label: "Item \"A\" & <B>")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 29 29\" role=\"img\" aria-label=\"Item &quot;A&quot; &amp; &lt;B&gt;\""))
        // The top-left finder's first row: seven dark modules at (4, 4), a gap of 7, ...
        #expect(code.svgPathData(quietZone: 4).hasPrefix("M4 4.5h7m"))
        // Drawn back from the path (M x y.5, m dx 0, h w), the modules are the symbol's, each once.
        var drawn = Set<[Int]>()
        var x = 0, y = 0
        var dark = Set<[Int]>()
        for row in 0..<code.size { for column in 0..<code.size where code[x: column, y: row] { dark.insert([column, row]) } }
        let commands = code.svgPathData(quietZone: 0)
        var scanner = commands.makeIterator()
        var command = scanner.next()
        func number() -> Double {
            var text = ""
            while let next = command, next.isNumber || next == "." || next == "-" {
                text.append(next)
                command = scanner.next()
            }
            return Double(text) ?? .nan
        }
        func whole() -> Int {
            let value = number()
            guard value.isFinite, abs(value) < 1_000 else {
                Issue.record("a number was expected in the path")
                return 0
            }
            return Int(value.rounded(.down))
        }
        while let letter = command {
            command = scanner.next()
            switch letter {
            case "M":
                x = whole()
                if command == " " { command = scanner.next() }
                y = whole()
            case "m":
                x += whole()
                if command == " " { command = scanner.next() }
                _ = whole()
            case "h":
                let width = max(0, whole())
                for column in x..<(x + width) { drawn.insert([column, y]) }
                x += width
            default:
                Issue.record("unexpected \(letter) in the path")
                command = nil
            }
        }
        #expect(drawn == dark)
    }

    /// The symbol as 8-bit gray pixels, `scale` pixels a module, with a four-module quiet
    /// zone; framed by its width and height as 32-bit little-endian numbers.
    static func grayImage(_ code: QRCode, scale: Int) -> Data {
        let side = (code.size + 8) * scale
        var pixels = [UInt8](repeating: 255, count: side * side)
        for y in 0..<code.size {
            for x in 0..<code.size where code[x: x, y: y] {
                for dy in 0..<scale {
                    let row = ((y + 4) * scale + dy) * side
                    for dx in 0..<scale { pixels[row + (x + 4) * scale + dx] = 0 }
                }
            }
        }
        var frame = Data()
        withUnsafeBytes(of: UInt32(side).littleEndian) { frame.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(side).littleEndian) { frame.append(contentsOf: $0) }
        frame.append(contentsOf: pixels)
        return frame
    }

    /// Reads framed gray images from standard input and prints, a line each, the hex of what
    /// zbar decodes from each QR code (empty when it finds none).
    static let zbarScript = """
        import struct, sys
        from pyzbar import pyzbar
        data = sys.stdin.buffer.read()
        at = 0
        while at < len(data):
            width, height = struct.unpack_from('<II', data, at)
            at += 8
            pixels = data[at:at + width * height]
            at += width * height
            found = [r.data for r in pyzbar.decode((pixels, width, height), symbols=[pyzbar.ZBarSymbol.QRCODE])]
            print(found[0].hex() if found else '')
        """
}
