/// The on-disk encodings of a property list.
public enum PropertyListFormat: String, Sendable, CaseIterable {
    /// Apple's binary format, starting with `bplist00`.
    case binary
    /// Apple's XML format with the `plist` DOCTYPE.
    case xml

    /// Detects the format from the first bytes, or returns nil if neither matches.
    ///
    /// Binary plists start with `bplist0`; XML ones with `<?xml` or `<plist`, possibly after a
    /// byte-order mark and whitespace.
    public static func detect<Bytes: Collection>(_ bytes: Bytes) -> PropertyListFormat? where Bytes.Element == UInt8 {
        let prefix = Array(bytes.prefix(64))
        if prefix.starts(with: Array("bplist0".utf8)) { return .binary }
        var index = 0
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < prefix.count, [0x20, 0x09, 0x0A, 0x0D].contains(prefix[index]) { index += 1 }
        let rest = prefix[index...]
        if rest.starts(with: Array("<?xml".utf8)) || rest.starts(with: Array("<plist".utf8))
            || rest.starts(with: Array("<!DOCTYPE".utf8)) {
            return .xml
        }
        return nil
    }
}
