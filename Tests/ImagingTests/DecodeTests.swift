import Foundation
import Imaging
import Testing

@Suite("Decoding JPEG and PNG")
struct DecodeTests {
    let decoder = ImageDecoder()

    @Test("baseline and progressive JPEGs decode close to the pattern they encode", arguments: [false, true])
    func jpegRoundTrip(progressive: Bool) throws {
        let pattern = Patterns.gradient(width: 200, height: 120)
        let (image, info) = try decoder.decode(JPEGEncoder.encode(pattern, quality: 95, progressive: progressive))
        #expect(info.format == .jpeg)
        #expect(image.width == 200 && image.height == 120 && image.channels == 3)
        #expect(Patterns.meanDifference(image, pattern) < 2.5)
    }

    @Test("a grayscale JPEG decodes to equal RGB channels")
    func grayscaleJPEG() throws {
        let gray = PixelImage(width: 64, height: 32, channels: 1) { x, _ in [UInt8(x * 4)] }
        let (image, _) = try decoder.decode(JPEGEncoder.encode(gray, quality: 95))
        #expect(image.channels == 3)
        for x in stride(from: 0, to: 64, by: 9) {
            let pixel = image[x, 16]
            #expect(pixel[0] == pixel[1] && pixel[1] == pixel[2])
            #expect(abs(Int(pixel[0]) - x * 4) <= 6)
        }
    }

    @Test("a CMYK JPEG (Adobe-inverted, as Photoshop writes it) is converted to RGB")
    func cmykJPEG() throws {
        let pattern = Patterns.quadrants(width: 64, height: 64)
        // Adobe stores inverted ink: with no black ink, the stored values are R, G, B and 255.
        let cmyk = PixelImage(width: 64, height: 64, channels: 4) { x, y in pattern[x, y] + [255] }
        let (image, _) = try decoder.decode(JPEGEncoder.encode(cmyk, quality: 95))
        #expect(image.channels == 3)
        #expect(Patterns.close(image[8, 8], Patterns.red))
        #expect(Patterns.close(image[56, 8], Patterns.green))
        #expect(Patterns.close(image[8, 56], Patterns.blue))
        #expect(Patterns.close(image[56, 56], Patterns.yellow))
    }

    @Test("JPEG decoding uses the smallest DCT scale that still covers the wanted size", arguments: [
        (88, 200, 150), (150, 200, 150), (151, 300, 225), (600, 800, 600), (1000, 800, 600), (10, 100, 75),
    ])
    func dctScaling(minimumSide: Int, width: Int, height: Int) throws {
        let jpeg = try JPEGEncoder.encode(Patterns.gradient(width: 800, height: 600))
        let (image, _) = try decoder.decode(jpeg, minimumSide: minimumSide)
        #expect(image.width == width && image.height == height)
    }

    @Test("every EXIF orientation stands the picture upright", arguments: 1...8)
    func orientation(orientation: Int) throws {
        let upright = Patterns.quadrants(width: 160, height: 96)
        let stored = Patterns.stored(upright, orientation: orientation)
        let jpeg = Patterns.withExifOrientation(try JPEGEncoder.encode(stored, quality: 95), orientation: orientation, bigEndian: orientation % 2 == 0)
        let (image, _) = try decoder.decode(jpeg)
        #expect(image.width == 160 && image.height == 96)
        #expect(Patterns.close(image[20, 20], Patterns.red))
        #expect(Patterns.close(image[140, 20], Patterns.green))
        #expect(Patterns.close(image[20, 76], Patterns.blue))
        #expect(Patterns.close(image[140, 76], Patterns.yellow))
    }
}
