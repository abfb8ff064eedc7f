import Foundation

/// Reads Apple XML property lists.
///
/// A byte-level reader: it accepts the prolog, comments, the `plist` DOCTYPE, entities and CDATA,
/// and turns `<dict><key>CF$UID</key><integer>N</integer></dict>` into a UID, as CoreFoundation
/// does. Nesting, element counts and string lengths are bounded by ``ArchiveLimits``.
///
/// Text in UTF-8 (with or without a byte-order mark), UTF-16 and UTF-32 (with a byte-order mark,
/// or UTF-16 without one, told by a zero in the first two bytes as CoreFoundation does) and the
/// 8-bit encodings ISO-8859-1, Windows-1252 and Mac OS Roman (named in the XML declaration) is
/// read. What is not well-formed XML — a malformed tag or attribute, `--` inside a comment, an
/// end tag that does not match — is an error naming the line, never a value read from the wrong
/// place.
public enum XMLPlistReader {
    /// Parses an XML plist.
    ///
    /// - Throws: ``ArchiveError`` with code `.corruptXML` (naming the byte offset and line) or
    ///   `.limitExceeded`.
    public static func read(_ data: Data, limits: ArchiveLimits = .default) throws -> PropertyList {
        guard data.count <= limits.maxBytes else {
            throw ArchiveError(.limitExceeded, "XML plist is \(data.count) bytes, more than the limit of \(limits.maxBytes)")
        }
        let converted = try XMLTextEncoding.utf8(data)
        return try (converted ?? data).withUnsafeBytes { raw in
            var parser = XMLPlistParser(bytes: raw, limits: limits, offsetsAreInInput: converted == nil)
            return try parser.parseDocument()
        }
    }
}
