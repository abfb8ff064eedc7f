import CImaging
import Foundation

/// Encodes pixels as PNG with libpng.
public enum PNGEncoder {
    /// A PNG of `image` (gray, gray+alpha, RGB or RGBA by its channel count).
    ///
    /// - Throws: ``ImagingError`` if libpng refuses the image.
    public static func encode(_ image: PixelImage) throws -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            ci_png_encode(pixels.baseAddress, UInt32(image.width), UInt32(image.height), UInt32(image.channels), &output, &size)
        }
        defer { ci_free(output) }
        try ImageDecoder.check(status, format: "PNG")
        guard let output else { throw ImagingError(.corrupt, "libpng produced no output") }
        return Data(bytes: output, count: size)
    }

    /// A PNG of any kind from rows already in PNG's layout: `bitDepth` 1–16 (16-bit samples
    /// big-endian, sub-byte samples packed), `colorType` 0 gray, 2 RGB, 3 palette, 4 gray+alpha,
    /// 6 RGBA, optionally Adam7-interlaced, with a palette (RGB triples) and tRNS. For tests and
    /// tools that need every kind of PNG.
    ///
    /// - Throws: ``ImagingError`` if libpng refuses the combination.
    public static func encodeRaw(
        rows: [UInt8], width: Int, height: Int, bitDepth: Int, colorType: Int,
        interlaced: Bool = false, palette: [UInt8] = [], transparency: [UInt8] = []
    ) throws -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = rows.withUnsafeBufferPointer { rows in
            palette.withUnsafeBufferPointer { palette in
                transparency.withUnsafeBufferPointer { transparency in
                    ci_png_encode_raw(
                        rows.baseAddress, UInt32(width), UInt32(height), Int32(bitDepth), Int32(colorType), interlaced ? 1 : 0,
                        palette.isEmpty ? nil : palette.baseAddress, Int32(palette.count / 3),
                        transparency.isEmpty ? nil : transparency.baseAddress, Int32(transparency.count),
                        &output, &size
                    )
                }
            }
        }
        defer { ci_free(output) }
        try ImageDecoder.check(status, format: "PNG")
        guard let output else { throw ImagingError(.corrupt, "libpng produced no output") }
        return Data(bytes: output, count: size)
    }
}

/// Encodes pixels as JPEG with libjpeg-turbo (for tests, tools and benchmarks: the apps keep
/// uploaded photos as they are and never re-encode them).
public enum JPEGEncoder {
    /// A JPEG of `image`: 1 channel gray, 3 RGB, or 4 CMYK (Adobe-inverted, as Photoshop writes).
    ///
    /// - Parameters:
    ///   - quality: 1–100.
    ///   - progressive: write a progressive JPEG.
    /// - Throws: ``ImagingError`` if libjpeg refuses the image.
    public static func encode(_ image: PixelImage, quality: Int = 90, progressive: Bool = false) throws -> Data {
        guard image.channels != 2 else { throw ImagingError(.invalidArgument, "JPEG has no gray+alpha form") }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            ci_jpeg_encode(
                pixels.baseAddress, UInt32(image.width), UInt32(image.height), UInt32(image.channels),
                Int32(max(1, min(100, quality))), progressive ? 1 : 0, &output, &size
            )
        }
        defer { ci_free(output) }
        try ImageDecoder.check(status, format: "JPEG")
        guard let output else { throw ImagingError(.corrupt, "libjpeg produced no output") }
        return Data(bytes: output, count: size)
    }
}
