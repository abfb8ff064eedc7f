extension KeyedUnarchiver {
    /// Whether `plist` says it is an `NSKeyedArchiver` archive: a dictionary whose `$archiver`
    /// is "NSKeyedArchiver", or that has a `$top` or an `$objects` key.
    ///
    /// Such a plist is read as an archive, and a part of one that is missing or wrong (no
    /// `$objects`, a `$top` that is not a dictionary of references) makes it a keyed archive
    /// that cannot be read, not a plain plist that happens to have those keys. `$version` alone
    /// does not count: the name is common in other plists and JSON files.
    public static func claimsKeyedArchive(_ plist: PropertyList) -> Bool {
        guard case .dictionary(let root) = plist else { return false }
        return root["$archiver"] == .string("NSKeyedArchiver") || root["$top"] != nil || root["$objects"] != nil
    }
}

extension PropertyList {
    /// The type's name after its article, for messages: "an array", "a dictionary", "a UID".
    var typeNameWithArticle: String {
        switch self {
        case .integer, .unsignedInteger, .array: "an \(typeName)"
        default: "a \(typeName)"
        }
    }
}
