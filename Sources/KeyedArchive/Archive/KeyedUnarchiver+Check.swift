extension KeyedUnarchiver {
    /// Checks every object of the archive, not only those a decode would reach: every reference
    /// (anywhere inside an object, however deep) names an entry of `$objects`, and every object
    /// that has a `$class` names a class description with a string `$classname` and, when it has
    /// `$classes`, a list of strings. What ``init(propertyList:limits:)`` checks (`$archiver`,
    /// `$top`, `$null`) is checked already.
    ///
    /// - Throws: the first problem found, as ``ArchiveError`` naming the object.
    public func checkEveryObject() throws {
        guard objectCount > 1 else { return }
        for uid in 1..<UInt32(objectCount) {
            let entry = try object(uid)
            try checkReferences(in: entry, of: uid, depth: 0)
            guard case .dictionary(let fields) = entry, fields["$class"] != nil else { continue }
            _ = try className(of: uid)
            guard case .uid(let classUID) = fields["$class"], case .dictionary(let description) = try object(classUID),
                  let classes = description["$classes"] else { continue }
            guard case .array(let names) = classes, names.allSatisfy({ $0.stringValue != nil }) else {
                throw ArchiveError(.invalidArchive, "keyed archive: class description \(classUID) (of object \(uid)) has a $classes that is not a list of strings", object: Int(classUID))
            }
        }
    }

    /// Throws if a UID inside `value` (object `uid`'s entry, or part of it) is past the end of
    /// `$objects`.
    private func checkReferences(in value: PropertyList, of uid: UInt32, depth: Int) throws {
        switch value {
        case .uid(let target):
            guard Int(target) < objectCount else {
                throw ArchiveError(.brokenReference, "keyed archive: object \(uid) refers to object \(target), but $objects has only \(objectCount) entries", object: Int(uid))
            }
        case .array(let elements), .set(let elements):
            try checkNesting(depth, of: uid)
            for element in elements { try checkReferences(in: element, of: uid, depth: depth + 1) }
        case .dictionary(let fields):
            try checkNesting(depth, of: uid)
            for value in fields.values { try checkReferences(in: value, of: uid, depth: depth + 1) }
        default:
            break
        }
    }

    private func checkNesting(_ depth: Int, of uid: UInt32) throws {
        guard depth < limits.maxDepth else {
            throw ArchiveError(.limitExceeded, "keyed archive: object \(uid) is nested deeper than \(limits.maxDepth)", object: Int(uid))
        }
    }
}
