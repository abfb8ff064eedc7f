import CImaging
import Foundation

/// Decodes PNG and JPEG files into ``PixelImage``s through libpng and libjpeg-turbo, checking
/// ``ImageLimits`` from the header first.
public struct ImageDecoder: Sendable {
    /// The limits applied to every image.
    public var limits: ImageLimits

    /// Creates a decoder.
    public init(limits: ImageLimits = .default) {
        self.limits = limits
    }

    /// Decodes `data`, upright (EXIF orientation applied).
    ///
    /// - Parameter minimumSide: for JPEG, decode at the smallest of libjpeg's DCT scales (1/8 to
    ///   8/8) whose shorter side still has at least this many pixels — much faster and smaller
    ///   than a full decode. nil decodes at full size.
    /// - Returns: RGB pixels, or RGBA for a PNG with transparency.
    /// - Throws: ``ImagingError``: not an image, unsupported, over a limit, truncated or corrupt.
    public func decode(_ data: Data, minimumSide: Int? = nil) throws -> (image: PixelImage, info: ImageInfo) {
        let info = try ImageInfo.read(data)
        try info.check(limits, encodedBytes: data.count)
        let decoded: ci_pixels
        switch info.format {
        case .jpeg: decoded = try decodeJPEG(data, info: info, minimumSide: minimumSide)
        default: decoded = try decodePNG(data)
        }
        defer { ci_free(decoded.pixels) }
        let count = Int(decoded.width) * Int(decoded.height) * Int(decoded.channels)
        guard let base = decoded.pixels, count > 0 else {
            throw ImagingError(.corrupt, "the \(info.format.name) decoded to no pixels")
        }
        let image = PixelImage(
            uncheckedWidth: Int(decoded.width), height: Int(decoded.height), channels: Int(decoded.channels),
            pixels: Array(UnsafeBufferPointer(start: base, count: count))
        )
        return (image.oriented(info.orientation), info)
    }

    /// The scale numerator (of 8) for a JPEG whose shorter side is `side` to keep `minimum` pixels.
    static func jpegScale(side: Int, minimum: Int?) -> Int32 {
        guard let minimum, minimum > 0 else { return 8 }
        for numerator in 1...8 where (side * numerator + 7) / 8 >= minimum {
            return Int32(numerator)
        }
        return 8
    }

    private func decodeJPEG(_ data: Data, info: ImageInfo, minimumSide: Int?) throws -> ci_pixels {
        let scale = Self.jpegScale(side: min(info.width, info.height), minimum: minimumSide)
        var pixels = ci_pixels()
        let status = data.withUnsafeBytes { buffer in
            ci_jpeg_decode(
                buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count, scale,
                UInt64(limits.maxPixels), max(0, limits.maxDecodeMemory), Int32(clamping: limits.maxScans), &pixels
            )
        }
        try Self.check(status, format: "JPEG")  // the first warning already stopped the decode
        return pixels
    }

    private func decodePNG(_ data: Data) throws -> ci_pixels {
        var pixels = ci_pixels()
        let status = data.withUnsafeBytes { buffer in
            ci_png_decode(buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count, UInt64(limits.maxPixels), &pixels)
        }
        try Self.check(status, format: "PNG")
        return pixels
    }

    /// Turns a failed codec status into an error.
    static func check(_ status: ci_status, format: String) throws {
        guard status.status != 0 else { return }
        let message = Self.message(status)
        if status.status == 2 { throw ImagingError(.tooLarge, "this \(format) is too large to open (\(message))") }
        let truncated = message.contains("truncated") || message.contains("Premature end") || message.contains("Not enough")
        throw ImagingError(
            truncated ? .truncated : .corrupt,
            truncated ? "this \(format) is cut short (the file ends before the picture does)" : "this \(format) is damaged (\(message))"
        )
    }

    static func message(_ status: ci_status) -> String {
        withUnsafeBytes(of: status.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
