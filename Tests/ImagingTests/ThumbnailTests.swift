import Foundation
import Imaging
import Testing

@Suite("Thumbnails")
struct ThumbnailTests {
    @Test("a JPEG photo becomes an 88×88 RGB PNG of its centred square")
    func defaultThumbnail() throws {
        // 300×200 with quadrants: the centred 200×200 square keeps all four colours.
        let jpeg = try JPEGEncoder.encode(Patterns.quadrants(width: 300, height: 200), quality: 95)
        let png = try Thumbnailer().thumbnail(of: jpeg)
        let (thumbnail, info) = try ImageDecoder().decode(png)
        #expect(info.format == .png && !info.hasAlpha)
        #expect(thumbnail.width == 88 && thumbnail.height == 88 && thumbnail.channels == 3)
        #expect(Patterns.close(thumbnail[10, 10], Patterns.red))
        #expect(Patterns.close(thumbnail[78, 10], Patterns.green))
        #expect(Patterns.close(thumbnail[10, 78], Patterns.blue))
        #expect(Patterns.close(thumbnail[78, 78], Patterns.yellow))
    }

    @Test("the size is configurable, and a small photo is scaled up to it", arguments: [1, 44, 88, 128, 300])
    func sizes(size: Int) throws {
        let png = try PNGEncoder.encode(Patterns.gradient(width: 120, height: 90))
        let thumbnail = try Thumbnailer(size: size).thumbnailImage(of: png)
        #expect(thumbnail.width == size && thumbnail.height == size)
    }

    @Test("pixel-fine detail averages to flat grey: area averaging, no nearest-neighbour shimmer")
    func noAliasing() throws {
        let png = try PNGEncoder.encode(Patterns.checkerboard(width: 1001, height: 997))
        let thumbnail = try Thumbnailer().thumbnailImage(of: png)
        let values = thumbnail.pixels.map(Int.init)
        #expect(values.allSatisfy { abs($0 - 128) <= 3 }, "range \(values.min() ?? 0)…\(values.max() ?? 0)")
    }

    @Test("a downscale matches the exact area average of the source")
    func exactAreaAverage() throws {
        // 6×6 → 4×4: each output pixel covers 1.5×1.5 source pixels.
        let source = PixelImage(width: 6, height: 6, channels: 3) { x, y in [UInt8(x * 40), UInt8(y * 40), 0] }
        let scaled = source.areaAveraged(x: 0, y: 0, width: 6, height: 6, toWidth: 4, height: 4)
        // Output column 1 covers source x 1.5…3.0: weights 0.5 (x=1) and 1 (x=2) → (40·0.5 + 80) / 1.5 = 66.7.
        #expect(scaled[1, 0][0] == 67)
        #expect(scaled[0, 1][1] == 67)
        // The last covers x 4.5…6.0: (160·0.5 + 200) / 1.5 = 186.7.
        #expect(scaled[3, 3] == [187, 187, 0])
    }

    @Test("transparency survives as RGBA, averaged without dark fringes")
    func transparentPNG() throws {
        // Opaque white up to x = 100, fully transparent black after it; output column 44 covers
        // source x 100.0…102.3, so it is partly white and partly transparent.
        let rgba = PixelImage(width: 200, height: 200, channels: 4) { x, _ in x <= 100 ? [255, 255, 255, 255] : [0, 0, 0, 0] }
        let thumbnail = try Thumbnailer().thumbnailImage(of: PNGEncoder.encode(rgba))
        #expect(thumbnail.channels == 4)
        #expect(thumbnail[10, 44] == [255, 255, 255, 255])
        #expect(thumbnail[80, 44][3] == 0)
        // The edge column is half covered: still white, half transparent — not grey.
        let edge = thumbnail[44, 44]
        #expect(edge[0] == 255 && edge[1] == 255 && edge[2] == 255)
        #expect(edge[3] > 80 && edge[3] < 140)
    }

    @Test("an RGBA PNG with no transparent pixel gives an RGB thumbnail")
    func opaqueRGBA() throws {
        let rgba = PixelImage(width: 50, height: 50, channels: 4) { _, _ in [10, 20, 30, 255] }
        #expect(try Thumbnailer().thumbnailImage(of: PNGEncoder.encode(rgba)).channels == 3)
    }

    @Test("a sideways phone photo's thumbnail stands upright", arguments: [3, 6, 8])
    func uprightThumbnail(orientation: Int) throws {
        let upright = Patterns.quadrants(width: 400, height: 400)
        let jpeg = Patterns.withExifOrientation(try JPEGEncoder.encode(Patterns.stored(upright, orientation: orientation), quality: 95), orientation: orientation)
        let thumbnail = try Thumbnailer().thumbnailImage(of: jpeg)
        #expect(Patterns.close(thumbnail[10, 10], Patterns.red))
        #expect(Patterns.close(thumbnail[78, 78], Patterns.yellow))
    }

    @Test("an interlaced PNG gives the same thumbnail as the plain one, and both match the decoded image's")
    func interlacedPNG() throws {
        let picture = Patterns.gradient(width: 301, height: 177)
        let plain = try PNGEncoder.encode(picture)
        let interlaced = try PNGEncoder.encodeRaw(rows: picture.pixels, width: 301, height: 177, bitDepth: 8, colorType: 2, interlaced: true)
        let streamed = try Thumbnailer().thumbnailImage(of: plain)
        #expect(try Thumbnailer().thumbnailImage(of: interlaced) == streamed)
        #expect(picture.squareThumbnail(size: 88) == streamed)
    }

    @Test("a size of 0 is refused")
    func badSize() throws {
        let png = try PNGEncoder.encode(Patterns.gradient(width: 10, height: 10))
        #expect(throws: ImagingError.self) { try Thumbnailer(size: 0).thumbnail(of: png) }
    }
}
