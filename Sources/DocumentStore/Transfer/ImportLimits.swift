/// What an import zip may be before it is refused as a possible zip bomb. Checked on the zip's
/// directory before anything is inflated, and again while inflating (``ZipReader``). Both apps'
/// imports use it.
public struct ImportLimits: Sendable, Hashable {
    /// The most entries a zip may have.
    public var maxEntries: Int
    /// The most bytes the files an import reads from one zip may inflate to, in all.
    public var maxTotalBytes: UInt64
    /// The largest inflated-to-compressed ratio of one file over 64 KiB. Photos hardly compress
    /// and archives a few times; deflate can reach about 1,000.
    public var maxRatio: UInt64

    /// Creates limits.
    public init(maxEntries: Int = 100_000, maxTotalBytes: UInt64 = 4 << 30, maxRatio: UInt64 = 100) {
        self.maxEntries = maxEntries
        self.maxTotalBytes = maxTotalBytes
        self.maxRatio = maxRatio
    }

    /// 100,000 entries, 4 GiB inflated in all, a ratio of 100.
    public static let `default` = ImportLimits()
}
