import Foundation

/// Reads Apple XML property lists.
///
/// A byte-level reader: it accepts the prolog, comments, the `plist` DOCTYPE, entities and CDATA,
/// and turns `<dict><key>CF$UID</key><integer>N</integer></dict>` into a UID, as CoreFoundation
/// does. Nesting, element counts and string lengths are bounded by ``ArchiveLimits``.
public enum XMLPlistReader {
    /// Parses an XML plist.
    ///
    /// - Throws: ``ArchiveError`` with code `.corruptXML` (naming the byte offset and line) or
    ///   `.limitExceeded`.
    public static func read(_ data: Data, limits: ArchiveLimits = .default) throws -> PropertyList {
        guard data.count <= limits.maxBytes else {
            throw ArchiveError(.limitExceeded, "XML plist is \(data.count) bytes, more than the limit of \(limits.maxBytes)")
        }
        return try data.withUnsafeBytes { raw in
            var parser = XMLPlistParser(bytes: raw, limits: limits)
            return try parser.parseDocument()
        }
    }
}
