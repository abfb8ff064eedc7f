import Foundation

/// Reads Apple binary property lists (`bplist00`).
///
/// The reader applies CoreFoundation's consistency rules: a sane trailer, offsets and object
/// references in range, no object that contains itself, dictionary keys that are strings. Every
/// count is checked against the bytes left and against ``ArchiveLimits`` before anything is
/// allocated, so hostile input ends in a thrown ``ArchiveError`` that names the offset or object.
public enum BinaryPlistReader {
    /// Parses a binary plist.
    ///
    /// - Throws: ``ArchiveError`` with code `.corruptBinary` or `.limitExceeded`.
    /// - Complexity: O(n) in the size of the input; shared strings are decoded once.
    public static func read(_ data: Data, limits: ArchiveLimits = .default) throws -> PropertyList {
        guard data.count <= limits.maxBytes else {
            throw ArchiveError(.limitExceeded, "binary plist is \(data.count) bytes, more than the limit of \(limits.maxBytes)")
        }
        return try data.withUnsafeBytes { raw in
            var parser = try BinaryPlistParser(bytes: raw, limits: limits)
            return try parser.parseRoot()
        }
    }
}
