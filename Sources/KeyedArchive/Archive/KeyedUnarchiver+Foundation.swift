extension KeyedUnarchiver {
    /// The fields of object `uid`, after checking its class is one of `classes`.
    ///
    /// - Throws: `.classMismatch` naming the found and expected classes, or `.typeMismatch` when
    ///   the entry is not an object dictionary.
    public func fields(of uid: UInt32, expecting classes: Set<String>, for typeName: String) throws -> [String: PropertyList] {
        let entry = try object(uid)
        guard case .dictionary(let fields) = entry else {
            throw ArchiveError(.typeMismatch, "object \(uid) is a \(entry.typeName), expected \(typeName) (\(classes.sorted().joined(separator: " or ")))", object: Int(uid))
        }
        let name = try className(of: uid, fields: fields)
        guard classes.contains(name) else {
            throw ArchiveError(.classMismatch, "object \(uid) is of class \(name), expected \(classes.sorted().joined(separator: " or "))", object: Int(uid))
        }
        return fields
    }

    /// A field value with one reference followed: a UID becomes the `$objects` entry it names.
    ///
    /// - Throws: `.invalidArchive` for a UID past the end of `$objects`.
    public func resolve(_ value: PropertyList) throws -> PropertyList {
        guard case .uid(let uid) = value else { return value }
        return try object(uid)
    }

    /// The UIDs in the array field `key` (`NS.objects`, `NS.keys`) of object `uid`.
    ///
    /// - Throws: `.invalidArchive` when the field is missing, not an array, too long or not all UIDs.
    public func references(in fields: [String: PropertyList], key: String, of uid: UInt32) throws -> [UInt32] {
        guard case .array(let elements) = try resolve(fields[key] ?? .array([])) else {
            throw ArchiveError(.invalidArchive, "object \(uid): \(key) is not an array", object: Int(uid))
        }
        guard elements.count <= limits.maxCollectionCount else {
            throw ArchiveError(.limitExceeded, "object \(uid): \(key) has \(elements.count) elements, more than the limit of \(limits.maxCollectionCount)", object: Int(uid))
        }
        var uids = [UInt32]()
        uids.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .uid(let reference) = element else {
                throw ArchiveError(.invalidArchive, "object \(uid): \(key)[\(index)] is a \(element.typeName), not a UID", object: Int(uid))
            }
            uids.append(reference)
        }
        return uids
    }
}
