import Foundation
import Imaging
import ImagingSamples
import Testing

/// Hostile structures that cost time or memory rather than crash: each one is refused with an
/// exact error, or thumbnails to the exact expected pixels. (Their timings at full size are in
/// `imaging-benchmarks --worst-cases`.)
@Suite("Worst-case images")
struct WorstCaseTests {
    static let grey: [UInt8] = [128, 128, 128]

    /// The thumbnail's pixels, or the error.
    static func thumbnail(_ bytes: [UInt8], limits: ImageLimits = .default) throws -> PixelImage {
        try Thumbnailer(limits: limits).thumbnailImage(of: Data(bytes))
    }

    /// Whether every pixel of `image` is `pixel`.
    static func isFlat(_ image: PixelImage, _ pixel: [UInt8]) -> Bool {
        image.width == 88 && image.height == 88 && image.channels == pixel.count
            && image.pixels.indices.allSatisfy { image.pixels[$0] == pixel[$0 % pixel.count] }
    }

    @Test("a progressive JPEG with 20,000 empty scans is refused when scan 101 begins")
    func twentyThousandScans() throws {
        let jpeg = HostileJPEG.progressive(width: 1000, height: 1000, scans: 20_000)
        #expect(jpeg.count < 300_000)
        let error = #expect(throws: ImagingError.self) { try Self.thumbnail(jpeg) }
        #expect(error?.code == .tooLarge)
        #expect(error?.message == "this JPEG is too large to open (it has more than 100 scans (the limit))")
    }

    @Test("a progressive JPEG with exactly the scan limit decodes, and the limit is configurable")
    func scanLimitIsInclusiveAndConfigurable() throws {
        let jpeg = HostileJPEG.progressive(width: 300, height: 200, scans: 100)
        #expect(Self.isFlat(try Self.thumbnail(jpeg), Self.grey))
        let error = #expect(throws: ImagingError.self) { try Self.thumbnail(jpeg, limits: ImageLimits(maxScans: 99)) }
        #expect(error?.message == "this JPEG is too large to open (it has more than 99 scans (the limit))")
    }

    @Test("a progressive YCbCr JPEG whose AC scans take the components in turn decodes to its exact pixels")
    func progressiveColour() throws {
        let jpeg = HostileJPEG.progressive(width: 120, height: 80, scans: 31, components: 3)
        #expect(Self.isFlat(try Self.thumbnail(jpeg), Self.grey))
    }

    @Test("a progressive JPEG whose coefficients need more than the decoder's memory limit is refused as too large")
    func decodeMemoryLimit() throws {
        // 2000 × 2000 gray: 62,500 blocks of 64 two-byte coefficients, 8 MB kept across the scans.
        let jpeg = HostileJPEG.progressive(width: 2000, height: 2000, scans: 2)
        let error = #expect(throws: ImagingError.self) { try Self.thumbnail(jpeg, limits: ImageLimits(maxDecodeMemory: 4 << 20)) }
        #expect(error?.code == .tooLarge)
        #expect(error?.message == "this JPEG is too large to open (it needs more than the 4194304 bytes of working memory allowed)")
        #expect(Self.isFlat(try Self.thumbnail(jpeg, limits: ImageLimits(maxDecodeMemory: 16 << 20)), Self.grey))
    }

    @Test("a JPEG with a restart marker after every block decodes to its exact pixels")
    func restartMarkerEveryBlock() throws {
        let jpeg = HostileJPEG.restartEveryBlock(width: 800, height: 600)
        #expect(jpeg.count > 3 * 100 * 75 - 10)
        #expect(Self.isFlat(try Self.thumbnail(jpeg), Self.grey))
    }

    @Test("a restart marker out of sequence stops the decode at libjpeg's first warning")
    func restartOutOfSequence() throws {
        var jpeg = HostileJPEG.restartEveryBlock(width: 64, height: 64)
        // The third restart marker (RST2) says RST5.
        let markers = jpeg.indices.dropLast().filter { jpeg[$0] == 0xFF && (0xD0...0xD7).contains(jpeg[$0 + 1]) }
        jpeg[markers[2] + 1] = 0xD5
        let error = #expect(throws: ImagingError.self) { try Self.thumbnail(jpeg) }
        #expect(error?.code == .corrupt)
        #expect(error?.message == "this JPEG is damaged (Corrupt JPEG data: found marker 0xd5 instead of RST2)")
    }

    @Test("a megabyte of invalid data where a marker should be stops at the first warning")
    func longRunOfInvalidData() throws {
        let jpeg = HostileJPEG.progressive(width: 256, height: 256, scans: 3, junkAfterFirstScan: 1_000_000)
        let error = #expect(throws: ImagingError.self) { try Self.thumbnail(jpeg) }
        #expect(error?.code == .corrupt)
        // libjpeg had already fetched 6 of the junk bytes as entropy data of the DC scan.
        #expect(error?.message == "this JPEG is damaged (Corrupt JPEG data: 999994 extraneous bytes before marker 0xda)")
    }

    @Test("a million 0xFF fill bytes before a marker are legal and skipped")
    func fillBytes() throws {
        let jpeg = HostileJPEG.progressive(width: 200, height: 100, scans: 10)
        let filled = Array(jpeg.prefix(2)) + [UInt8](repeating: 0xFF, count: 1_000_000) + Array(jpeg.dropFirst(2))
        #expect(try ImageInfo.read(Data(filled)) == ImageInfo(format: .jpeg, width: 200, height: 100))
        #expect(Self.isFlat(try Self.thumbnail(filled), Self.grey))
        let error = #expect(throws: ImagingError.self) { try ImageInfo.read(Data(filled.prefix(500_000))) }
        #expect(error?.code == .truncated)
    }

    @Test("a PNG split into one IDAT chunk per compressed byte thumbnails to its exact pixels")
    func thousandsOfTinyDataChunks() throws {
        let png = HostilePNG.zeros(width: 300, height: 200, idatSize: 1)
        #expect(png.count > 12 * 200)
        #expect(Self.isFlat(try Self.thumbnail(png), [0, 0, 0]))
    }

    @Test("a PNG with zTXt chunks that would inflate to a gigabyte thumbnails to its exact pixels (skipped unread: see the benchmark for the time)")
    func compressedTextBomb() throws {
        var text: [UInt8] = []
        for _ in 0..<20 { text += HostilePNG.compressedText(inflatedSize: 50_000_000) }  // 1 GB inflated
        let png = HostilePNG.zeros(width: 120, height: 90, beforeData: text)
        #expect(png.count < 7_000_000)
        #expect(Self.isFlat(try Self.thumbnail(png), [0, 0, 0]))
    }

    @Test("a 10 MB private ancillary chunk is skipped")
    func hugeAncillaryChunk() throws {
        let chunk = HostilePNG.chunk("prVt", [UInt8](repeating: 7, count: 10_000_000))
        #expect(Self.isFlat(try Self.thumbnail(HostilePNG.zeros(width: 100, height: 100, beforeData: chunk)), [0, 0, 0]))
    }

    @Test("an interlaced 16-bit RGBA PNG at the pixel limit thumbnails; one row more is refused from its header")
    func interlaced16BitAtThePixelLimit() throws {
        let limits = ImageLimits(maxPixels: 1_000_000)
        let atLimit = HostilePNG.zeros(width: 1000, height: 1000, bitDepth: 16, colorType: .rgba, interlaced: true)
        #expect(Self.isFlat(try Self.thumbnail(atLimit, limits: limits), [0, 0, 0, 0]))
        let over = HostilePNG.zeros(width: 1000, height: 1001, bitDepth: 16, colorType: .rgba, interlaced: true)
        let error = #expect(throws: ImagingError.self) { try Self.thumbnail(over, limits: limits) }
        #expect(error?.message == "this photo is 1000×1001 pixels, more than the 1 megapixels a photo may have")
    }
}
