/// Bounds checked from an image's header before any pixel is decoded.
public struct ImageLimits: Sendable, Hashable {
    /// The largest encoded file accepted, in bytes (25 MB by default).
    public var maxEncodedBytes: Int
    /// The most pixels (width × height) accepted (50 megapixels by default).
    public var maxPixels: Int

    /// Creates limits.
    public init(maxEncodedBytes: Int = 25_000_000, maxPixels: Int = 50_000_000) {
        self.maxEncodedBytes = maxEncodedBytes
        self.maxPixels = maxPixels
    }

    /// The defaults: 25 MB, 50 megapixels.
    public static let `default` = ImageLimits()
}
