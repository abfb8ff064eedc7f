import ArgumentParser
import KeyedArchive

/// The reading limits, shared by every subcommand.
///
/// By default they follow the input: nothing in a file can be larger than the file, so a user's
/// own file never hits a limit meant for untrusted data, while sharing (a small binary plist
/// whose objects are used many times) is stopped at a ceiling of expanded values.
struct LimitOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The most objects or elements in the file (default: its size in bytes).", valueName: "count"))
    var maxObjects: Int?

    @Option(name: .long, help: ArgumentHelp("The most elements in one array, dictionary or set (default: the file's size in bytes).", valueName: "count"))
    var maxCollection: Int?

    @Option(name: .long, help: ArgumentHelp("The longest string or data value (default: the file's size in bytes).", valueName: "length"))
    var maxString: Int?

    @Option(name: .long, help: ArgumentHelp("The deepest nesting (default: 256, at most 1000: each level takes stack).", valueName: "depth"))
    var maxDepth: Int?

    @Option(name: .long, help: ArgumentHelp("The most values to expand, counting a shared object each time it is used (default: 8 per input byte, at least 1000000). Bounds the output of a small file with heavy sharing.", valueName: "count"))
    var maxValues: Int?

    func validate() throws {
        for (name, value) in [("--max-objects", maxObjects), ("--max-collection", maxCollection), ("--max-string", maxString), ("--max-depth", maxDepth), ("--max-values", maxValues)] {
            if let value, value < 1 { throw ValidationError("\(name) must be at least 1") }
        }
        if let maxDepth, maxDepth > Self.deepestNesting {
            throw ValidationError("--max-depth must be at most \(Self.deepestNesting): each level of nesting takes stack, and deeper would overflow it")
        }
    }

    /// The deepest `--max-depth`: what the reading and writing recursion stays well inside the
    /// main thread's 8 MiB stack with (tested in a debug build, whose frames are the largest).
    static let deepestNesting = 1_000

    /// The limits for an input of `byteCount` bytes.
    func limits(forInputBytes byteCount: Int) -> ArchiveLimits {
        var limits = ArchiveLimits.following(inputBytes: byteCount)
        if let maxObjects { limits.maxObjectCount = maxObjects }
        if let maxCollection { limits.maxCollectionCount = maxCollection }
        if let maxString { limits.maxStringOrDataLength = maxString }
        if let maxDepth { limits.maxDepth = maxDepth }
        if let maxValues { limits.maxExpandedValues = maxValues }
        return limits
    }
}
