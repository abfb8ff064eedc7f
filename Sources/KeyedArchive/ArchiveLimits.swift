/// Bounds on what a reader will accept, so hostile input cannot exhaust memory or the stack.
///
/// Every reader in this module (binary and XML plists, the unarchiver) checks these before it
/// allocates. The defaults suit app data files; raise them for large trusted files.
public struct ArchiveLimits: Sendable, Hashable {
    /// The largest input accepted, in bytes. Default 64 MiB.
    public var maxBytes: Int
    /// The most plist objects (binary) or elements (XML) in one file. Default 4,000,000.
    public var maxObjectCount: Int
    /// The deepest nesting of arrays, dictionaries and archived objects. Default 256. Readers and
    /// writers recurse once per level, so the stack bounds what can be allowed: about 1,000 levels
    /// on a thread with an 8 MiB stack.
    public var maxDepth: Int
    /// The most elements in one array, dictionary or set. Default 1,000,000.
    public var maxCollectionCount: Int
    /// The longest string (in UTF-16 code units) or data value (in bytes). Default 32 MiB.
    public var maxStringOrDataLength: Int
    /// The most values a reader builds in all, counting a shared object (binary plists, keyed
    /// archives) each time it is used, and a string or data value once more per 64 bytes: bounds
    /// what a small file with heavy sharing expands to. Default 4,000,000.
    public var maxExpandedValues: Int

    /// Creates limits; every argument defaults to the value in ``ArchiveLimits/default``.
    public init(
        maxBytes: Int = 64 << 20,
        maxObjectCount: Int = 4_000_000,
        maxDepth: Int = 256,
        maxCollectionCount: Int = 1_000_000,
        maxStringOrDataLength: Int = 32 << 20,
        maxExpandedValues: Int = 4_000_000
    ) {
        self.maxBytes = maxBytes
        self.maxObjectCount = maxObjectCount
        self.maxDepth = maxDepth
        self.maxCollectionCount = maxCollectionCount
        self.maxStringOrDataLength = maxStringOrDataLength
        self.maxExpandedValues = maxExpandedValues
    }

    /// Limits that follow the size of an input the user trusts (their own file), rather than the
    /// fixed defaults meant for untrusted data.
    ///
    /// No file can hold more objects, collection elements or string units than it has bytes, so
    /// those limits are the byte count: a real file never hits them and memory stays proportional
    /// to the input. Sharing is what lets a small file expand, so the expansion ceiling is
    /// `expansionFactor` values per input byte, and at least 1,000,000. The depth limit stays at
    /// the default (it protects the stack, not memory).
    public static func following(inputBytes byteCount: Int, expansionFactor: Int = 8) -> ArchiveLimits {
        let bytes = max(byteCount, 64)
        let (expanded, overflow) = bytes.multipliedReportingOverflow(by: max(expansionFactor, 1))
        return ArchiveLimits(
            maxBytes: bytes,
            maxObjectCount: bytes,
            maxCollectionCount: bytes,
            maxStringOrDataLength: bytes,
            maxExpandedValues: max(overflow ? Int.max : expanded, 1_000_000)
        )
    }

    /// The most bytes a string may take as UTF-8 while it is decoded: 4 per UTF-16 unit of
    /// ``maxStringOrDataLength``, saturating at `Int.max` (so no limit can overflow).
    var maxStringUTF8Bytes: Int {
        let (bytes, overflow) = maxStringOrDataLength.multipliedReportingOverflow(by: 4)
        return overflow ? Int.max : bytes
    }

    /// Safe defaults for app data.
    public static let `default` = ArchiveLimits()
}
