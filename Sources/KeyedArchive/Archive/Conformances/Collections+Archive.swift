extension KeyedUnarchiver {
    /// Decodes the elements `uids` as `Element`, guarding object `owner` against cycles.
    fileprivate func decodeElements<Element: ArchiveDecodable>(_ uids: [UInt32], of owner: UInt32, as: Element.Type) throws -> [Element] {
        try withObject(owner) {
            var elements = [Element]()
            elements.reserveCapacity(uids.count)
            for uid in uids { elements.append(try Element.decodeObject(uid: uid, in: self)) }
            return elements
        }
    }

    /// The element UIDs of an ordered set: `NS.object.0`, `NS.object.1`, … sorted by index.
    fileprivate func orderedSetReferences(_ fields: [PropertyListKey: PropertyList], of uid: UInt32) throws -> [UInt32] {
        var indexed: [(Int, UInt32)] = []
        for (key, value) in fields where key.string.utf8.starts(with: "NS.object.".utf8) {
            guard let index = Int(String(decoding: key.string.utf8.dropFirst("NS.object.".utf8.count), as: UTF8.self)), case .uid(let element) = value else {
                throw ArchiveError(.invalidArchive, "object \(uid): ordered-set key \(key) is malformed", object: Int(uid))
            }
            indexed.append((index, element))
        }
        indexed.sort { $0.0 < $1.0 }
        for (position, entry) in indexed.enumerated() where entry.0 != position {
            throw ArchiveError(.invalidArchive, "object \(uid): ordered set has no NS.object.\(position)", object: Int(uid))
        }
        return indexed.map(\.1)
    }
}

/// Two elements that are strings with different scalars but equal as Swift `String`s (which a
/// `Set<String>` or `[String: …]` would merge), or nil if there are none.
private func canonicallyMergedStrings<Element>(_ elements: [Element]) -> (String, String)? {
    guard let strings = elements as? [String] else { return nil }
    var seen = [String: String](minimumCapacity: strings.count)
    for text in strings {
        if let earlier = seen[text], !ExactString.equal(earlier, text) { return (earlier, text) }
        seen[text] = text
    }
    return nil
}

/// The archived class names `Array` reads.
let arrayClassNames: Set<String> = ["NSArray", "NSMutableArray", "NSOrderedSet", "NSMutableOrderedSet"]

extension Array: ArchiveEncodable where Element: ArchiveEncodable {
    /// Writes an `NSArray` object: `NS.objects`, one UID per element.
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        let references = map { PropertyList.uid($0.encodeObject(in: archiver)) }
        return archiver.appendObject(className: "NSArray", fields: ["NS.objects": .array(references)])
    }
}

extension Array: ArchiveDecodable where Element: ArchiveDecodable {
    /// Reads an `NSArray`/`NSMutableArray`, or the elements of an `NSOrderedSet` in order.
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> [Element] {
        try unarchiver.checkClass(of: uid, expecting: arrayClassNames, for: "Array")
        let uids: [UInt32]
        if try unarchiver.field("NS.objects", of: uid) != nil {
            uids = try unarchiver.references(key: "NS.objects", of: uid)
        } else {
            uids = try unarchiver.orderedSetReferences(unarchiver.classAndFields(of: uid).fields, of: uid)
        }
        return try unarchiver.decodeElements(uids, of: uid, as: Element.self)
    }
}

extension Set: ArchiveEncodable where Element: ArchiveEncodable {
    /// Writes an `NSSet` object: `NS.objects`, one UID per element.
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        let references = map { PropertyList.uid($0.encodeObject(in: archiver)) }
        return archiver.appendObject(className: "NSSet", fields: ["NS.objects": .array(references)])
    }
}

extension Set: ArchiveDecodable where Element: ArchiveDecodable {
    /// Reads an `NSSet` or `NSMutableSet`.
    ///
    /// - Throws: `.typeMismatch` when two elements are different strings that `Element` holds
    ///   as one (such as `String` with "é" and "e\u{301}"); decode `Set<PropertyListKey>` or
    ///   ``ArchivedValue`` to keep both.
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> Set<Element> {
        try unarchiver.checkClass(of: uid, expecting: ["NSSet", "NSMutableSet"], for: "Set")
        let uids = try unarchiver.references(key: "NS.objects", of: uid)
        let elements = try unarchiver.decodeElements(uids, of: uid, as: Element.self)
        let set = Set(elements)
        if set.count < elements.count, let (first, second) = canonicallyMergedStrings(elements) {
            throw ArchiveError(.typeMismatch, "object \(uid): NSSet holds both \(first.debugDescription) and \(second.debugDescription), which differ in their Unicode scalars but are one Swift String; decode Set<PropertyListKey> to keep both", object: Int(uid))
        }
        return set
    }
}

extension Dictionary: ArchiveEncodable where Key: ArchiveEncodable, Value: ArchiveEncodable {
    /// Writes an `NSDictionary` object: parallel `NS.keys` and `NS.objects` arrays of UIDs.
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        var keys = [PropertyList]()
        var values = [PropertyList]()
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
        for (key, value) in self {
            keys.append(.uid(key.encodeObject(in: archiver)))
            values.append(.uid(value.encodeObject(in: archiver)))
        }
        return archiver.appendObject(className: "NSDictionary", fields: ["NS.keys": .array(keys), "NS.objects": .array(values)])
    }
}

extension Dictionary: ArchiveDecodable where Key: ArchiveDecodable, Value: ArchiveDecodable {
    /// Reads an `NSDictionary` or `NSMutableDictionary`; a repeated key keeps the last value.
    ///
    /// - Throws: `.typeMismatch` when two keys are different strings that `Key` holds as one
    ///   (such as `String` with "é" and "e\u{301}"); decode `[PropertyListKey: Value]` or
    ///   ``ArchivedValue`` to keep both.
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> [Key: Value] {
        try unarchiver.checkClass(of: uid, expecting: ["NSDictionary", "NSMutableDictionary"], for: "Dictionary")
        let keyUIDs = try unarchiver.references(key: "NS.keys", of: uid)
        let valueUIDs = try unarchiver.references(key: "NS.objects", of: uid)
        guard keyUIDs.count == valueUIDs.count else {
            throw ArchiveError(.invalidArchive, "object \(uid): NSDictionary has \(keyUIDs.count) keys but \(valueUIDs.count) values", object: Int(uid))
        }
        let keys = try unarchiver.decodeElements(keyUIDs, of: uid, as: Key.self)
        let values = try unarchiver.decodeElements(valueUIDs, of: uid, as: Value.self)
        let dictionary = Dictionary(zip(keys, values), uniquingKeysWith: { _, last in last })
        if dictionary.count < keys.count, let (first, second) = canonicallyMergedStrings(keys) {
            throw ArchiveError(.typeMismatch, "object \(uid): NSDictionary has the keys \(first.debugDescription) and \(second.debugDescription), which differ in their Unicode scalars but are one Swift String; decode [PropertyListKey: Value] to keep both", object: Int(uid))
        }
        return dictionary
    }
}

/// An `NSOrderedSet`: elements in order, without repeats.
public struct ArchivedOrderedSet<Element: Hashable>: Hashable {
    /// The elements, in order.
    public var elements: [Element]

    /// Makes an ordered set from a sequence, dropping repeats after the first.
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        var seen = Set<Element>()
        self.elements = elements.filter { seen.insert($0).inserted }
    }
}

extension ArchivedOrderedSet: Sendable where Element: Sendable {}

extension ArchivedOrderedSet: ArchiveEncodable where Element: ArchiveEncodable {
    /// Writes an `NSOrderedSet` object: one `NS.object.N` key per element.
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        var fields = [PropertyListKey: PropertyList](minimumCapacity: elements.count)
        for (index, element) in elements.enumerated() {
            fields["NS.object.\(index)"] = .uid(element.encodeObject(in: archiver))
        }
        return archiver.appendObject(className: "NSOrderedSet", fields: fields)
    }
}

extension ArchivedOrderedSet: ArchiveDecodable where Element: ArchiveDecodable {
    /// Reads an `NSOrderedSet` or `NSMutableOrderedSet`.
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> ArchivedOrderedSet<Element> {
        let fields = try unarchiver.fields(of: uid, expecting: ["NSOrderedSet", "NSMutableOrderedSet"], for: "ArchivedOrderedSet")
        let uids = try unarchiver.orderedSetReferences(fields, of: uid)
        return ArchivedOrderedSet(try unarchiver.decodeElements(uids, of: uid, as: Element.self))
    }
}

/// `NSNull`: an object with only a class.
public struct ArchivedNull: ArchiveCodable, Hashable, Sendable {
    /// The null value.
    public init() {}

    /// Writes `{$class: NSNull}`.
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        archiver.appendObject(className: "NSNull", fields: [:])
    }

    /// Reads an `NSNull` object.
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> ArchivedNull {
        try unarchiver.checkClass(of: uid, expecting: ["NSNull"], for: "ArchivedNull")
        return ArchivedNull()
    }
}
