/// Bounds on what a reader will accept, so hostile input cannot exhaust memory or the stack.
///
/// Every reader in this module (binary and XML plists, the unarchiver) checks these before it
/// allocates. The defaults suit app data files; raise them for large trusted files.
public struct ArchiveLimits: Sendable, Hashable {
    /// The largest input accepted, in bytes. Default 64 MiB.
    public var maxBytes: Int
    /// The most plist objects (binary) or elements (XML) in one file. Default 4,000,000.
    public var maxObjectCount: Int
    /// The deepest nesting of arrays, dictionaries and archived objects. Default 256.
    public var maxDepth: Int
    /// The most elements in one array, dictionary or set. Default 1,000,000.
    public var maxCollectionCount: Int
    /// The longest string (in UTF-16 code units) or data value (in bytes). Default 32 MiB.
    public var maxStringOrDataLength: Int

    /// Creates limits; every argument defaults to the value in ``ArchiveLimits/default``.
    public init(
        maxBytes: Int = 64 << 20,
        maxObjectCount: Int = 4_000_000,
        maxDepth: Int = 256,
        maxCollectionCount: Int = 1_000_000,
        maxStringOrDataLength: Int = 32 << 20
    ) {
        self.maxBytes = maxBytes
        self.maxObjectCount = maxObjectCount
        self.maxDepth = maxDepth
        self.maxCollectionCount = maxCollectionCount
        self.maxStringOrDataLength = maxStringOrDataLength
    }

    /// Safe defaults for app data.
    public static let `default` = ArchiveLimits()
}
