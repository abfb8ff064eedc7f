import Foundation

/// What an image's header says, read without decoding pixels.
public struct ImageInfo: Sendable, Hashable {
    /// The file format.
    public var format: ImageFormat
    /// The stored width in pixels (before EXIF orientation).
    public var width: Int
    /// The stored height in pixels (before EXIF orientation).
    public var height: Int
    /// The EXIF orientation, 1–8 (1 for PNG and for JPEGs without one).
    public var orientation: Int
    /// Whether the image can have transparent pixels (PNG alpha or tRNS).
    public var hasAlpha: Bool

    /// The width as displayed, after orientation (5–8 swap width and height).
    public var orientedWidth: Int { orientation >= 5 ? height : width }
    /// The height as displayed, after orientation.
    public var orientedHeight: Int { orientation >= 5 ? width : height }

    /// Creates an info value.
    public init(format: ImageFormat, width: Int, height: Int, orientation: Int = 1, hasAlpha: Bool = false) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.hasAlpha = hasAlpha
    }

    /// Sniffs and measures `data`.
    ///
    /// - Throws: ``ImagingError`` — `.notAnImage`, `.unsupportedFormat` (naming the format),
    ///   `.truncated` or `.corrupt` for a header that cannot be read, `.invalidDimensions` for a
    ///   zero width or height.
    public static func read(_ data: Data) throws -> ImageInfo {
        try read(data, isPrefix: false)
    }

    static func read(_ data: Data, isPrefix: Bool) throws -> ImageInfo {
        let bytes = [UInt8](data.prefix(32))
        guard let format = ImageFormat.sniff(bytes) else {
            throw ImagingError(.notAnImage, "this file is not a JPEG or PNG photo")
        }
        let info: ImageInfo
        switch format {
        case .png: info = try PNGHeader.read(data, isPrefix: isPrefix)
        case .jpeg: info = try JPEGMarkers.read(data)
        default: throw ImagingError(.unsupportedFormat, "this is a \(format.name) image, and only JPEG and PNG photos can be used: save it as JPEG first")
        }
        guard info.width > 0, info.height > 0 else {
            throw ImagingError(.invalidDimensions, "this \(format.name) is damaged: it says it is \(info.width)×\(info.height) pixels")
        }
        return info
    }

    /// Checks `data` and this header against `limits`.
    ///
    /// - Throws: ``ImagingError`` `.tooLarge` naming the limit.
    func check(_ limits: ImageLimits, encodedBytes: Int) throws {
        if encodedBytes > limits.maxEncodedBytes {
            throw ImagingError(.tooLarge, "this photo is \(encodedBytes) bytes, more than the \(limits.encodedLimitDescription) a photo may have")
        }
        try checkPixels(limits)
    }

    /// Checks this header's pixel count against `limits`.
    ///
    /// - Throws: ``ImagingError`` `.tooLarge` naming the limit.
    func checkPixels(_ limits: ImageLimits) throws {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > limits.maxPixels {
            throw ImagingError(.tooLarge, "this photo is \(width)×\(height) pixels, more than the \(limits.maxPixels / 1_000_000) megapixels a photo may have")
        }
    }
}
