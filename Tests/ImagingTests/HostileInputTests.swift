import Foundation
import Imaging
import Testing
import TestSupport

@Suite("Limits, truncation and hostile files")
struct HostileInputTests {
    /// A PNG header (signature + IHDR with a correct CRC) declaring `width`×`height`, then `rest`.
    static func pngHeader(width: UInt32, height: UInt32, rest: [UInt8] = []) -> Data {
        var ihdr: [UInt8] = Array("IHDR".utf8)
        for value in [width, height] { ihdr += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        ihdr += [8, 2, 0, 0, 0]
        let crc = crc32(ihdr)
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + ihdr
        bytes += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return Data(bytes + rest)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test("a decompression bomb's header (100,000 × 100,000) is refused before any pixel is decoded")
    func pngBomb() {
        let error = #expect(throws: ImagingError.self) { try Thumbnailer().thumbnail(of: Self.pngHeader(width: 100_000, height: 100_000)) }
        #expect(error?.code == .tooLarge)
        #expect(error?.message.contains("100000×100000") == true)
    }

    @Test("a JPEG declaring 65,000 × 65,000 is refused from its header")
    func jpegBomb() throws {
        var jpeg = [UInt8](try JPEGEncoder.encode(Patterns.gradient(width: 16, height: 16)))
        // Rewrite the frame header's height and width (SOF0: FF C0 len(2) precision(1) h(2) w(2)).
        guard let sof = (0..<(jpeg.count - 1)).first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }) else {
            Issue.record("no SOF0")
            return
        }
        jpeg[sof + 5] = 0xFD; jpeg[sof + 6] = 0xE8; jpeg[sof + 7] = 0xFD; jpeg[sof + 8] = 0xE8
        let error = #expect(throws: ImagingError.self) { try Thumbnailer().thumbnail(of: Data(jpeg)) }
        #expect(error?.code == .tooLarge)
    }

    @Test("a JPEG declaring a zero height is an error")
    func jpegZeroHeight() throws {
        var jpeg = [UInt8](try JPEGEncoder.encode(Patterns.gradient(width: 16, height: 16)))
        guard let sof = (0..<(jpeg.count - 1)).first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }) else {
            Issue.record("no SOF0")
            return
        }
        jpeg[sof + 5] = 0; jpeg[sof + 6] = 0
        let error = #expect(throws: ImagingError.self) { try Thumbnailer().thumbnail(of: Data(jpeg)) }
        #expect(error?.code == .invalidDimensions)
    }

    @Test("the pixel and byte limits are configurable")
    func configurableLimits() throws {
        let png = try PNGEncoder.encode(Patterns.gradient(width: 100, height: 100))
        #expect(throws: ImagingError.self) { try Thumbnailer(limits: ImageLimits(maxPixels: 9_999)).thumbnail(of: png) }
        #expect(throws: ImagingError.self) { try Thumbnailer(limits: ImageLimits(maxEncodedBytes: png.count - 1)).thumbnail(of: png) }
        _ = try Thumbnailer(limits: ImageLimits(maxEncodedBytes: png.count, maxPixels: 10_000)).thumbnail(of: png)
    }

    @Test("zero width or height is an error", arguments: [(0, 10), (10, 0), (0, 0)])
    func zeroSizes(width: UInt32, height: UInt32) {
        let error = #expect(throws: ImagingError.self) { try ImageInfo.read(Self.pngHeader(width: width, height: height)) }
        #expect(error?.code == .invalidDimensions)
    }

    @Test("a chunk with an impossible length is an error, not a huge allocation")
    func badChunkLength() throws {
        let png = try PNGEncoder.encode(Patterns.gradient(width: 40, height: 40))
        var bytes = [UInt8](png)
        // The first chunk after IHDR: give it a length of 0x7FFFFFF0.
        bytes[33] = 0x7F; bytes[34] = 0xFF; bytes[35] = 0xFF; bytes[36] = 0xF0
        #expect(throws: ImagingError.self) { try Thumbnailer().thumbnail(of: Data(bytes)) }
        var ihdr = [UInt8](png)
        ihdr[11] = 99  // IHDR length
        #expect(throws: ImagingError.self) { try Thumbnailer().thumbnail(of: Data(ihdr)) }
    }

    @Test("every truncation of a JPEG and a PNG is an error (truncated or corrupt), never a crash or a picture")
    func truncations() throws {
        let photo = Patterns.gradient(width: 120, height: 90)
        for (name, data) in [("JPEG", try JPEGEncoder.encode(photo)), ("progressive JPEG", try JPEGEncoder.encode(photo, progressive: true)), ("PNG", try PNGEncoder.encode(photo))] {
            var offsets = Array(1..<min(200, data.count))
            offsets += stride(from: 200, to: data.count, by: max(1, data.count / 150)).map { $0 }
            offsets.append(data.count - 1)
            var truncatedErrors = 0
            for offset in Set(offsets) {
                do {
                    _ = try Thumbnailer().thumbnail(of: data.prefix(offset))
                    Issue.record("\(name) cut at \(offset) of \(data.count) gave a thumbnail")
                } catch let error as ImagingError {
                    if error.code == .truncated { truncatedErrors += 1 }
                }
            }
            #expect(truncatedErrors > 0, "\(name): no truncation was reported as such")
        }
    }

    @Test("libjpeg's premature-end warning surfaces as a truncation error")
    func prematureEnd() throws {
        let jpeg = try JPEGEncoder.encode(Patterns.gradient(width: 200, height: 200))
        let error = #expect(throws: ImagingError.self) { try ImageDecoder().decode(jpeg.prefix(jpeg.count * 2 / 3)) }
        #expect(error?.code == .truncated)
        #expect(error?.message == "this JPEG is cut short (the file ends before the picture does)")
    }

    @Test("random byte damage gives a thumbnail or an error, never a crash")
    func randomDamage() throws {
        var generator = SplitMix64(seed: 42)
        let sources = [try JPEGEncoder.encode(Patterns.quadrants(width: 97, height: 61)), try PNGEncoder.encode(Patterns.quadrants(width: 97, height: 61))]
        for source in sources {
            for _ in 0..<300 {
                var bytes = [UInt8](source)
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                // A thumbnail or an ImagingError, nothing else.
                do {
                    _ = try Thumbnailer().thumbnail(of: Data(bytes))
                } catch is ImagingError {
                } catch {
                    Issue.record("expected a thumbnail or an ImagingError, got \(error)")
                }
            }
        }
    }
}
