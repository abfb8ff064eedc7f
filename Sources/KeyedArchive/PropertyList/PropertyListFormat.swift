/// The on-disk encodings of a property list.
public enum PropertyListFormat: String, Sendable, CaseIterable {
    /// Apple's binary format, starting with `bplist00`.
    case binary
    /// Apple's XML format with the `plist` DOCTYPE.
    case xml

    /// Detects the format from the first bytes, or returns nil if neither matches.
    ///
    /// Binary plists start with `bplist0`; XML ones with `<?xml`, `<!DOCTYPE` or `<plist`,
    /// possibly after a byte-order mark and whitespace, in UTF-8, UTF-16 or UTF-32.
    public static func detect<Bytes: Collection>(_ bytes: Bytes) -> PropertyListFormat? where Bytes.Element == UInt8 {
        var prefix = Array(bytes.prefix(256))
        if prefix.starts(with: Array("bplist0".utf8)) { return .binary }
        if prefix.starts(with: [0, 0, 0xFE, 0xFF]) || prefix.starts(with: [0xFF, 0xFE, 0, 0]) {
            prefix = Array(prefix.dropFirst(4)).enumerated().compactMap { $0.offset % 4 == (prefix[0] == 0 ? 3 : 0) ? $0.element : nil }
        } else if prefix.starts(with: [0xFE, 0xFF]) || prefix.starts(with: [0xFF, 0xFE]) {
            prefix = Array(prefix.dropFirst(2)).enumerated().compactMap { $0.offset % 2 == (prefix[0] == 0xFE ? 1 : 0) ? $0.element : nil }
        } else if prefix.count >= 2, prefix[0] == 0 || prefix[1] == 0 {
            // UTF-16 without a byte-order mark: keep the low byte of each unit.
            prefix = prefix.enumerated().compactMap { $0.offset % 2 == (prefix[0] == 0 ? 1 : 0) ? $0.element : nil }
        }
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
