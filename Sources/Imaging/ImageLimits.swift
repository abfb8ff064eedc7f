/// Bounds checked from an image's header before any pixel is decoded, and while decoding.
///
/// Together they bound the work a thumbnail costs: the encoded size bounds what is read, the
/// pixel count what is allocated, and the scan count how often a progressive JPEG's whole
/// coefficient buffer is revisited (each scan costs time in proportion to the pixels, whatever
/// its bytes).
public struct ImageLimits: Sendable, Hashable {
    /// The largest encoded file accepted, in bytes (25 MB by default).
    public var maxEncodedBytes: Int
    /// The most pixels (width × height) accepted (50 megapixels by default).
    public var maxPixels: Int
    /// The most scans a progressive JPEG may have (100 by default; encoders write 2 to about 20:
    /// libjpeg's default progression has 10, mozjpeg's optimised ones rarely more than 20).
    public var maxScans: Int
    /// The most working memory libjpeg may use for one decode, in bytes (512 MiB by default: a
    /// progressive 50-megapixel CMYK JPEG keeps 400 MB of coefficients across its scans).
    public var maxDecodeMemory: Int

    /// Creates limits.
    public init(maxEncodedBytes: Int = 25_000_000, maxPixels: Int = 50_000_000, maxScans: Int = 100, maxDecodeMemory: Int = 512 << 20) {
        self.maxEncodedBytes = maxEncodedBytes
        self.maxPixels = maxPixels
        self.maxScans = maxScans
        self.maxDecodeMemory = maxDecodeMemory
    }

    /// The defaults: 25 MB, 50 megapixels, 100 scans, 512 MiB of decoder memory.
    public static let `default` = ImageLimits()

    /// The encoded-size limit as people say it: "25 MB", or "1500 bytes" below a megabyte.
    public var encodedLimitDescription: String {
        if maxEncodedBytes >= 1_000_000, maxEncodedBytes % 1_000_000 == 0 { return "\(maxEncodedBytes / 1_000_000) MB" }
        if maxEncodedBytes >= 1_000, maxEncodedBytes % 1_000 == 0 { return "\(maxEncodedBytes / 1_000) kB" }
        return "\(maxEncodedBytes) bytes"
    }
}
