extension KeyedUnarchiver {
    /// Checks that object `uid` is an archived object of one of `classes`.
    ///
    /// - Throws: `.classMismatch` naming the found and expected classes, or `.typeMismatch` when
    ///   the entry is not an object dictionary.
    public func checkClass(of uid: UInt32, expecting classes: Set<String>, for typeName: String) throws {
        let name: String
        do {
            name = try className(of: uid)
        } catch let error as ArchiveError where error.code == .typeMismatch {
            throw ArchiveError(.typeMismatch, "object \(uid) is a \(try object(uid).typeName), expected \(typeName) (\(classes.sorted().joined(separator: " or ")))", object: Int(uid))
        }
        let accepted = classes.count == 1 ? classes.first == name : classes.contains(name)
        guard accepted else {
            throw ArchiveError(.classMismatch, "object \(uid) is of class \(name), expected \(classes.sorted().joined(separator: " or "))", object: Int(uid))
        }
    }

    /// The fields of object `uid`, after checking its class is one of `classes`.
    ///
    /// - Throws: the errors of ``checkClass(of:expecting:for:)``.
    public func fields(of uid: UInt32, expecting classes: Set<String>, for typeName: String) throws -> [PropertyListKey: PropertyList] {
        try checkClass(of: uid, expecting: classes, for: typeName)
        return try classAndFields(of: uid).fields
    }

    /// The one plain value a Foundation wrapper holds (`NSString`'s `NS.string`, `NSData`'s
    /// `NS.data`): the entry `uid` itself when `plain` takes it, or else that of the `field` of
    /// an object of one of `classes`.
    ///
    /// - Throws: the errors of ``checkClass(of:expecting:for:)``; `.invalidArchive` saying the
    ///   object is `lacking` when its field is missing or `plain` does not take it.
    /// `classes` is made only when the entry is an object, so the common case, a plain value,
    /// builds no set.
    func wrappedValue<Value>(
        of uid: UInt32, classes: @autoclosure () -> Set<String>, for typeName: String, field key: String, lacking: String, _ plain: (PropertyList) -> Value?
    ) throws -> Value {
        if let value = plain(try object(uid)) { return value }
        try checkClass(of: uid, expecting: classes(), for: typeName)
        guard let stored = try field(key, of: uid), let value = plain(try resolve(stored)) else {
            throw ArchiveError(.invalidArchive, "object \(uid): \(lacking)", object: Int(uid))
        }
        return value
    }

    /// A field that holds a plain value inline (`plain` takes it) or refers to an object that
    /// `decodeObject` reads.
    ///
    /// - Throws: `.typeMismatch` for any other value, saying `expected`; the errors of `decodeObject`.
    func inlineOrReferenced<Value>(
        _ value: PropertyList, expected: String, _ plain: (PropertyList) -> Value?, decodeObject: (UInt32, KeyedUnarchiver) throws -> Value
    ) throws -> Value {
        if let inline = plain(value) { return inline }
        guard case .uid(let uid) = value else {
            throw ArchiveError(.typeMismatch, "expected \(expected), found \(value.typeName) \(value.shortDescription)")
        }
        return try decodeObject(uid, self)
    }

    /// A field value with one reference followed: a UID becomes the `$objects` entry it names.
    ///
    /// - Throws: `.invalidArchive` for a UID past the end of `$objects`.
    public func resolve(_ value: PropertyList) throws -> PropertyList {
        guard case .uid(let uid) = value else { return value }
        return try object(uid)
    }

    /// The UIDs in the array field `key` (`NS.objects`, `NS.keys`) of object `uid`; empty if absent.
    ///
    /// - Throws: `.invalidArchive` when the field is not an array, too long or not all UIDs.
    public func references(key: String, of uid: UInt32) throws -> [UInt32] {
        try references(in: [PropertyListKey(key): field(key, of: uid) ?? .array([])], key: key, of: uid)
    }

    /// The UIDs in the array field `key` of an object's `fields`; empty if absent.
    ///
    /// - Throws: `.invalidArchive` when the field is not an array, too long or not all UIDs.
    public func references(in fields: [PropertyListKey: PropertyList], key: String, of uid: UInt32) throws -> [UInt32] {
        guard case .array(let elements) = try resolve(fields[PropertyListKey(key)] ?? .array([])) else {
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
