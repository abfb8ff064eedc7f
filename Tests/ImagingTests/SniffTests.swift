import Foundation
import Imaging
import Testing

@Suite("Sniffing and measuring from the bytes")
struct SniffTests {
    @Test("every known signature is recognised; other formats are refused by name", arguments: [
        ("GIF89a" + String(repeating: "\0", count: 20), ImageFormat.gif, "this is a GIF image, and only JPEG and PNG photos can be used: save it as JPEG first"),
        ("GIF87a" + String(repeating: "\0", count: 20), .gif, "this is a GIF image, and only JPEG and PNG photos can be used: save it as JPEG first"),
        ("RIFF\u{10}\0\0\0WEBPVP8 " + String(repeating: "\0", count: 12), .webp, "this is a WebP image, and only JPEG and PNG photos can be used: save it as JPEG first"),
        ("\0\0\0\u{18}ftypheic\0\0\0\0mif1heic", .heic, "this is a HEIC image, and only JPEG and PNG photos can be used: save it as JPEG first"),
        ("\0\0\0\u{18}ftypmif1\0\0\0\0mif1heic", .heic, "this is a HEIC image, and only JPEG and PNG photos can be used: save it as JPEG first"),
        ("\0\0\0\u{1C}ftypavif\0\0\0\0avifmif1", .avif, "this is a AVIF image, and only JPEG and PNG photos can be used: save it as JPEG first"),
        ("II*\0\u{08}\0\0\0" + String(repeating: "\0", count: 20), .tiff, "this is a TIFF image, and only JPEG and PNG photos can be used: save it as JPEG first"),
        ("MM\0*\0\0\0\u{08}" + String(repeating: "\0", count: 20), .tiff, "this is a TIFF image, and only JPEG and PNG photos can be used: save it as JPEG first"),
        ("BM\u{46}\0\0\0\0\0\0\0\u{36}\0\0\0\u{28}\0\0\0" + String(repeating: "\0", count: 20), .bmp, "this is a BMP image, and only JPEG and PNG photos can be used: save it as JPEG first"),
    ])
    func recognisedButUnsupported(bytes: String, format: ImageFormat, message: String) {
        let data = Data(bytes.utf8)
        #expect(ImageFormat.sniff([UInt8](data)) == format)
        let error = #expect(throws: ImagingError.self) { try ImageInfo.read(data) }
        #expect(error?.code == .unsupportedFormat)
        #expect(error?.message == message)
        #expect(throws: ImagingError.self) { try Thumbnailer().thumbnail(of: data) }
    }

    @Test("text, empty data and a name-only 'BM' are not images", arguments: [
        "", "hello, world", "BM is not a bitmap header", "<svg xmlns='http://www.w3.org/2000/svg'/>", "%PDF-1.7",
    ])
    func notImages(text: String) {
        let error = #expect(throws: ImagingError.self) { try ImageInfo.read(Data(text.utf8)) }
        #expect(error?.code == .notAnImage)
        #expect(error?.message == "this file is not a JPEG or PNG photo")
    }

    @Test("PNG and JPEG sizes come from the header, whatever the file is called")
    func measure() throws {
        let png = try PNGEncoder.encode(Patterns.quadrants(width: 123, height: 45))
        #expect(try ImageInfo.read(png) == ImageInfo(format: .png, width: 123, height: 45))
        let jpeg = try JPEGEncoder.encode(Patterns.quadrants(width: 321, height: 54))
        #expect(try ImageInfo.read(jpeg) == ImageInfo(format: .jpeg, width: 321, height: 54))
        let progressive = try JPEGEncoder.encode(Patterns.quadrants(width: 77, height: 66), progressive: true)
        #expect(try ImageInfo.read(progressive).width == 77)
        let rotated = Patterns.withExifOrientation(jpeg, orientation: 6)
        let info = try ImageInfo.read(rotated)
        #expect(info.orientation == 6)
        #expect(info.orientedWidth == 54 && info.orientedHeight == 321)
        #expect(try ImageInfo.read(Patterns.withExifOrientation(jpeg, orientation: 3, bigEndian: true)).orientation == 3)
    }

    @Test("a transparent PNG says so in its header; an opaque one does not")
    func alphaFromHeader() throws {
        let rgba = try PixelImage(width: 2, height: 1, channels: 4, pixels: [255, 0, 0, 128, 0, 0, 255, 255])
        #expect(try ImageInfo.read(PNGEncoder.encode(rgba)).hasAlpha)
        #expect(try !ImageInfo.read(PNGEncoder.encode(Patterns.gradient(width: 4, height: 4))).hasAlpha)
    }
}
