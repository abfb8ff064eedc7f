import Foundation

/// Reads an `NSKeyedArchiver` archive with secure, typed lookups.
///
/// The archive's structure (`$archiver`, `$top`, `$objects` with `$null` at 0) is checked when
/// the unarchiver is made. Values are then decoded on demand: the caller names the type it
/// accepts, the archived class is checked before anything is built, and decoding is bounded by
/// ``ArchiveLimits`` (nesting depth, object count). A binary archive is read in place: each
/// object is parsed when first used. A class instance is decoded once per UID; an object that
/// contains itself is reported as a `.cycle` error instead of looping. An unarchiver is for one
/// task: it is not `Sendable`.
public final class KeyedUnarchiver {
    /// The `$top` dictionary: top-level names mapped to UIDs.
    public let top: [PropertyListKey: PropertyList]
    /// The bounds this unarchiver enforces.
    public let limits: ArchiveLimits

    /// The entries of an archive given as a parsed plist (empty for a binary archive).
    private let tree: [PropertyList]
    /// The entries of a binary archive, read in place (nil for a parsed plist).
    private let binary: BinaryArchiveObjects?
    // Decoding state of one task (an unarchiver is not Sendable), with no overlapping accesses:
    // the per-access runtime exclusivity check is off for these hot properties.
    @exclusivity(unchecked) private var instances: [UInt32: AnyObject] = [:]
    /// Class names already read, by the UID of their class description.
    @exclusivity(unchecked) private var classNames: [String?]
    /// The UID of each object's class description once looked up (0: not yet; `$null` is never
    /// a class).
    @exclusivity(unchecked) private var objectClasses: [UInt32]
    /// The last answer of ``fields(_:of:)``: a type that reads an object's fields to choose how
    /// to decode it, and then decodes it, asks for the same fields twice. The archive never
    /// changes, so the answer stays right.
    @exclusivity(unchecked) private var lastFields: (uid: UInt32, keys: [String], values: [PropertyList?], otherCount: Int)?
    @exclusivity(unchecked) private var decoding: [Bool]
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var visits = 0

    /// Parses `data` (binary or XML) and checks it is a keyed archive.
    ///
    /// - Throws: ``ArchiveError``: the plist reader's errors, or `.invalidArchive`.
    public convenience init(data: Data, limits: ArchiveLimits = .default) throws {
        if PropertyListFormat.detect(data) == .binary {
            let objects = try BinaryArchiveObjects(data: data, limits: limits)
            try self.init(tree: [], binary: objects, archiver: objects.archiver, top: objects.top, limits: limits)
        } else {
            try self.init(propertyList: PropertyList(data: data, limits: limits), limits: limits)
        }
    }

    /// Checks that a parsed plist is a keyed archive.
    ///
    /// A plist that says it is one (``claimsKeyedArchive(_:)``) but lacks a part is named as a
    /// keyed archive that cannot be read ("keyed archive: $objects is missing"); any other as
    /// "not a keyed archive".
    /// - Throws: ``ArchiveError`` with code `.invalidArchive`, naming what is missing or wrong.
    public convenience init(propertyList: PropertyList, limits: ArchiveLimits = .default) throws {
        guard case .dictionary(let root) = propertyList else {
            throw ArchiveError(.invalidArchive, "not a keyed archive: the plist is \(propertyList.typeNameWithArticle), not a dictionary")
        }
        let what = Self.claimsKeyedArchive(propertyList) ? "keyed archive" : "not a keyed archive"
        guard let objectsValue = root["$objects"] else {
            throw ArchiveError(.invalidArchive, "\(what): $objects is missing")
        }
        guard case .array(let objects) = objectsValue else {
            throw ArchiveError(.invalidArchive, "\(what): $objects is \(objectsValue.typeNameWithArticle), not an array")
        }
        try self.init(tree: objects, binary: nil, archiver: root["$archiver"], top: root["$top"], limits: limits)
    }

    private init(tree: [PropertyList], binary: BinaryArchiveObjects?, archiver: PropertyList?, top: PropertyList?, limits: ArchiveLimits) throws {
        if let archiver, archiver.stringValue != "NSKeyedArchiver" {
            throw ArchiveError(.invalidArchive, "not a keyed archive: $archiver is \(archiver.shortDescription), not \"NSKeyedArchiver\"")
        }
        // `$objects` is there (an array): a keyed archive, whatever else is wrong with it.
        guard let top else {
            throw ArchiveError(.invalidArchive, "keyed archive: $top is missing")
        }
        guard case .dictionary(let top) = top else {
            throw ArchiveError(.invalidArchive, "keyed archive: $top is \(top.typeNameWithArticle), not a dictionary")
        }
        let count = binary?.count ?? tree.count
        guard count <= limits.maxObjectCount else {
            throw ArchiveError(.limitExceeded, "keyed archive has \(count) objects, more than the limit of \(limits.maxObjectCount)")
        }
        for (key, value) in top {
            guard case .uid(let uid) = value else {
                throw ArchiveError(.invalidArchive, "keyed archive: $top[\"\(key)\"] is \(value.typeNameWithArticle), not a UID")
            }
            guard Int(uid) < count else {
                throw ArchiveError(.brokenReference, "keyed archive: $top[\"\(key)\"] refers to object \(uid), but $objects has only \(count) entries", object: Int(uid))
            }
        }
        self.tree = tree
        self.binary = binary
        self.classNames = Array(repeating: nil, count: count)
        self.objectClasses = Array(repeating: 0, count: count)
        self.top = top
        self.limits = limits
        self.decoding = Array(repeating: false, count: count)
        guard count > 0, try object(0) == .string("$null") else {
            throw ArchiveError(.invalidArchive, "keyed archive: $objects does not start with \"$null\"")
        }
    }

    /// Decodes the top-level value under `key` as `Value`; nil if the key is missing or nil.
    ///
    /// - Throws: ``ArchiveError`` on a class the type does not accept, a malformed object, a cycle
    ///   or a limit.
    public func decode<Value: ArchiveDecodable>(_ type: Value.Type, forKey key: String = "root") throws -> Value? {
        try decode(type, forKey: PropertyListKey(key))
    }

    /// Decodes the top-level value under `key` (one of ``top``'s keys) as `Value`; nil if the
    /// key is missing or nil.
    ///
    /// - Throws: ``ArchiveError`` on a class the type does not accept, a malformed object, a cycle
    ///   or a limit.
    public func decode<Value: ArchiveDecodable>(_ type: Value.Type, forKey key: PropertyListKey) throws -> Value? {
        guard case .uid(let uid) = top[key], uid != 0 else { return nil }
        return try Value.decodeObject(uid: uid, in: self)
    }

    /// Decodes the root of an archive as `Value`.
    ///
    /// - Throws: ``ArchiveError``; `.missingValue` if the root is nil or missing.
    public static func unarchive<Value: ArchiveDecodable>(_ type: Value.Type, from data: Data, forKey key: String = "root", limits: ArchiveLimits = .default) throws -> Value {
        let unarchiver = try KeyedUnarchiver(data: data, limits: limits)
        guard let value = try unarchiver.decode(type, forKey: key) else {
            throw ArchiveError(.missingValue, "keyed archive: the top-level object \"\(key)\" is missing or nil")
        }
        return value
    }

    // MARK: Looking at objects

    /// The number of entries in `$objects`.
    public var objectCount: Int { decoding.count }

    /// The `$objects` entry `uid`.
    ///
    /// - Throws: `.invalidArchive` if `uid` is past the end of `$objects`; a binary plist error if
    ///   the entry is corrupt.
    public func object(_ uid: UInt32) throws -> PropertyList {
        try checkRange(uid)
        if let binary { return try binary.entry(Int(uid)) }
        return tree[Int(uid)]
    }

    /// The value of field `key` of object `uid` (an inline scalar or a UID), or nil if absent.
    ///
    /// Reading one field does not build the whole object.
    ///
    /// - Throws: `.typeMismatch` if the entry is not an object dictionary.
    public func field(_ key: String, of uid: UInt32) throws -> PropertyList? {
        try checkRange(uid)
        let lookup: FieldLookup
        if let binary {
            lookup = try binary.field(key, of: Int(uid))
        } else if case .dictionary(let fields) = tree[Int(uid)] {
            lookup = fields[PropertyListKey(key)].map { .found($0) } ?? .missing
        } else {
            lookup = .notADictionary
        }
        switch lookup {
        case .found(let value): return value
        case .missing: return nil
        case .notADictionary:
            throw ArchiveError(.typeMismatch, "keyed archive: object \(uid) is a \(try object(uid).typeName), not an archived object", object: Int(uid))
        }
    }

    /// The values of fields `keys` of object `uid` (inline scalars or UIDs; nil where absent),
    /// and how many fields it has besides those and `$class`.
    ///
    /// Reads the object in place without building its dictionary: the fast way for a type that
    /// reads a fixed set of keys to get them all, and to learn whether there are others to keep.
    /// - Throws: `.typeMismatch` if the entry is not an object dictionary.
    public func fields(_ keys: [String], of uid: UInt32) throws -> (values: [PropertyList?], otherCount: Int) {
        if let last = lastFields, last.uid == uid, last.keys.count == keys.count,
           zip(last.keys, keys).allSatisfy({ ExactString.equal($0, $1) }) {
            return (last.values, last.otherCount)
        }
        try checkRange(uid)
        let found: BinaryArchiveObjects.Fields?
        if let binary {
            found = try binary.fields(keys, of: Int(uid))
        } else if case .dictionary(let fields) = tree[Int(uid)] {
            found = BinaryArchiveObjects.fields(keys, in: fields)
        } else {
            found = nil
        }
        guard let found else {
            throw ArchiveError(.typeMismatch, "keyed archive: object \(uid) is a \(try object(uid).typeName), not an archived object", object: Int(uid))
        }
        if case .uid(let classUID)? = found.classValue, classUID != 0 { objectClasses[Int(uid)] = classUID }
        lastFields = (uid, keys, found.values, found.otherCount)
        return (found.values, found.otherCount)
    }

    /// The class name and field dictionary of object `uid`.
    ///
    /// - Throws: `.invalidArchive` if the entry is not an object dictionary with a valid class.
    public func classAndFields(of uid: UInt32) throws -> (className: String, fields: [PropertyListKey: PropertyList]) {
        let entry = try object(uid)
        guard case .dictionary(let fields) = entry else {
            throw ArchiveError(.typeMismatch, "keyed archive: object \(uid) is a \(entry.typeName), not an archived object", object: Int(uid))
        }
        return (try className(of: uid), fields)
    }

    /// The `$classname` of object `uid`.
    ///
    /// - Throws: `.typeMismatch` if the entry is not an object; `.invalidArchive` if its class
    ///   description is missing or malformed.
    public func className(of uid: UInt32) throws -> String {
        try checkRange(uid)
        var classUID = objectClasses[Int(uid)]
        if classUID == 0 {
            guard case .uid(let found) = try field("$class", of: uid) else {
                throw ArchiveError(.invalidArchive, "keyed archive: object \(uid) has no $class reference", object: Int(uid))
            }
            classUID = found
        }
        try checkRange(classUID)
        if let known = classNames[Int(classUID)] {
            objectClasses[Int(uid)] = classUID
            return known
        }
        guard case .dictionary(let description) = try object(classUID) else {
            throw ArchiveError(.invalidArchive, "keyed archive: object \(uid) has $class \(classUID), which is not a class description", object: Int(uid))
        }
        guard case .string(let name) = description["$classname"] else {
            throw ArchiveError(.invalidArchive, "keyed archive: class description \(classUID) (of object \(uid)) has no string $classname", object: Int(classUID))
        }
        classNames[Int(classUID)] = name
        objectClasses[Int(uid)] = classUID
        return name
    }

    /// The class chain (`$classes`) of object `uid`, or just its class name when `$classes` is missing.
    public func classChain(of uid: UInt32) throws -> [String] {
        let name = try className(of: uid)
        guard case .uid(let classUID) = try field("$class", of: uid), case .dictionary(let description) = try object(classUID),
              case .array(let classes) = description["$classes"] else { return [name] }
        let names = classes.compactMap(\.stringValue)
        return names.isEmpty ? [name] : names
    }

    private func checkRange(_ uid: UInt32) throws {
        guard Int(uid) < decoding.count else {
            throw ArchiveError(.brokenReference, "keyed archive: a reference to object \(uid), but $objects has only \(decoding.count) entries", object: Int(uid))
        }
    }

    // MARK: Guarded decoding

    /// Runs `body` for object `uid` with the depth bound and cycle check in force.
    ///
    /// Conformances call this around any decode that may recurse into other objects.
    public func withObject<Result>(_ uid: UInt32, _ body: () throws -> Result) throws -> Result {
        try checkRange(uid)
        guard depth < limits.maxDepth else {
            throw ArchiveError(.limitExceeded, "keyed archive: objects nested deeper than \(limits.maxDepth) at object \(uid)", object: Int(uid))
        }
        guard !decoding[Int(uid)] else {
            throw ArchiveError(.cycle, "keyed archive: object \(uid) contains itself; typed decoding cannot build a cycle", object: Int(uid))
        }
        visits += 1
        guard visits <= limits.maxExpandedValues else {
            throw ArchiveError(.limitExceeded, "keyed archive: more than \(limits.maxExpandedValues) objects decoded (shared objects count each time they are used)", object: Int(uid))
        }
        decoding[Int(uid)] = true
        depth += 1
        defer {
            depth -= 1
            decoding[Int(uid)] = false
        }
        return try body()
    }

    /// Whether object `uid` is being decoded right now, so that a reference to it closes a cycle.
    public func isDecoding(_ uid: UInt32) -> Bool {
        Int(uid) < decoding.count && decoding[Int(uid)]
    }

    func decodeArchivable<Value: Archivable>(_ type: Value.Type, uid: UInt32) throws -> Value {
        let isClass = Value.self is AnyObject.Type
        if isClass, let cached = instances[uid] {
            guard let instance = cached as? Value else {
                throw ArchiveError(.classMismatch, "keyed archive: object \(uid) was already decoded as \(Swift.type(of: cached)), not \(Value.self)", object: Int(uid))
            }
            return instance
        }
        let name = try className(of: uid)
        guard Value.accepts(className: name) else {
            let accepted = ([Value.archiveClassName] + Value.acceptedClassNames.sorted()).joined(separator: ", ")
            throw ArchiveError(.classMismatch, "keyed archive: object \(uid) is of class \(name), expected \(accepted)", object: Int(uid))
        }
        let value = try withObject(uid) {
            try Value(from: ArchiveDecoder(unarchiver: self, uid: uid, className: name, versionKey: Value.archiveVersionKey))
        }
        if isClass { instances[uid] = value as AnyObject }
        return value
    }
}
