import Foundation

/// Writes an object graph as an `NSKeyedArchiver` archive.
///
/// Encode one or more top-level values with ``encode(_:forKey:)`` (the key is `root` by
/// default), then take the bytes with ``encodedData(format:)``. Equal strings and numbers are
/// stored once; a class instance encoded twice is stored once and referenced twice. An archiver
/// is for one archive on one task: it is not `Sendable`.
public final class KeyedArchiver {
    private(set) var objects: [PropertyList] = [.string("$null")]
    private var top: [PropertyListKey: PropertyList] = [:]
    private var classUIDs: [PropertyListKey: UInt32] = [:]
    /// Strings already written, compared by exact scalars so "é" and "e\u{301}" stay two entries.
    private var stringUIDs: [PropertyListKey: UInt32] = [:]
    private var scalarUIDs: [PropertyList: UInt32] = [:]
    private var instanceUIDs: [ObjectIdentifier: UInt32] = [:]
    /// Keeps encoded class instances alive so their identifiers stay unique.
    private var retainedInstances: [AnyObject] = []

    /// Creates an empty archiver.
    public init() {}

    /// Encodes `value` as a top-level object under `key` (`$top`).
    public func encode<Value: ArchiveEncodable>(_ value: Value, forKey key: String = "root") {
        top[PropertyListKey(key)] = .uid(value.encodeObject(in: self))
    }

    /// The archive as a property list (`$archiver`, `$version`, `$top`, `$objects`).
    public var propertyList: PropertyList {
        .dictionary([
            "$archiver": .string("NSKeyedArchiver"),
            "$version": .integer(100_000),
            "$top": .dictionary(top),
            "$objects": .array(objects),
        ])
    }

    /// The archive's bytes, binary by default as `NSKeyedArchiver` writes.
    public func encodedData(format: PropertyListFormat = .binary) throws -> Data {
        switch format {
        case .binary: return BinaryPlistWriter.write(propertyList, expectedObjects: objects.count * 3)
        case .xml: return try XMLPlistWriter.write(propertyList)
        }
    }

    /// Archives one root object and returns the bytes.
    public static func archivedData<Value: ArchiveEncodable>(withRoot value: Value, format: PropertyListFormat = .binary) throws -> Data {
        let archiver = KeyedArchiver()
        archiver.encode(value)
        return try archiver.encodedData(format: format)
    }

    // MARK: Building `$objects`

    /// Appends an entry to `$objects` and returns its UID.
    public func appendObject(_ entry: PropertyList) -> UInt32 {
        objects.append(entry)
        return UInt32(objects.count - 1)
    }

    /// The UID of a string entry; strings with the same scalars share one entry (canonically
    /// equivalent but different strings, such as "é" and "e\u{301}", do not).
    public func uid(forString text: String) -> UInt32 {
        if ExactString.equal(text, "$null") { return nullStringUID() }
        let candidate = UInt32(objects.count)
        let uid = Self.update(&stringUIDs[PropertyListKey(text), default: candidate])
        if uid == candidate { objects.append(.string(text)) }
        return uid
    }

    /// A plain `"$null"` entry reads as nil in Foundation, so that string is written as an
    /// `NSString` object instead, once per archive.
    private func nullStringUID() -> UInt32 {
        if let existing = stringUIDs["$null"] { return existing }
        let uid = appendObject(className: "NSString", fields: ["NS.string": .string("$null")])
        stringUIDs["$null"] = uid
        return uid
    }

    /// Reads a dictionary slot through its `modify` accessor, so get-or-insert hashes once.
    @inline(__always)
    private static func update(_ slot: inout UInt32) -> UInt32 { slot }

    /// The UID of a scalar entry (number, boolean, data); equal scalars share one entry.
    public func uid(forScalar value: PropertyList) -> UInt32 {
        if case .string(let text) = value { return uid(forString: text) }
        if let existing = scalarUIDs[value] { return existing }
        let uid = appendObject(value)
        scalarUIDs[value] = uid
        return uid
    }

    /// The UID of the class description `{$classname, $classes}`, written once per class.
    public func uid(forClass name: String, superclasses: [String] = ["NSObject"]) -> UInt32 {
        if let existing = classUIDs[PropertyListKey(name)] { return existing }
        let chain = [name] + superclasses
        let uid = appendObject(.dictionary([
            "$classname": .string(name),
            "$classes": .array(chain.map { .string($0) }),
        ]))
        classUIDs[PropertyListKey(name)] = uid
        return uid
    }

    /// Writes an object dictionary of the given class; `fields` must not contain `$class`.
    public func appendObject(className: String, superclasses: [String] = ["NSObject"], fields: [PropertyListKey: PropertyList]) -> UInt32 {
        var entry = fields
        entry["$class"] = .uid(uid(forClass: className, superclasses: superclasses))
        return appendObject(.dictionary(entry))
    }

    func encodeArchivable<Value: Archivable>(_ value: Value) -> UInt32 {
        var identity: ObjectIdentifier?
        if Value.self is AnyObject.Type {
            let instance = value as AnyObject
            let id = ObjectIdentifier(instance)
            if let existing = instanceUIDs[id] { return existing }
            identity = id
            retainedInstances.append(instance)
        }
        let uid = appendObject(.string("$null"))
        if let identity { instanceUIDs[identity] = uid }
        var coder = ArchiveEncoder(archiver: self, uid: uid)
        if let version = Value.archiveVersion {
            coder.fields[PropertyListKey(Value.archiveVersionKey)] = .integer(Int64(version))
        }
        value.encode(with: &coder)
        coder.fields["$class"] = .uid(self.uid(forClass: Value.archiveClassName, superclasses: Value.archiveSuperclassNames))
        objects[Int(uid)] = .dictionary(coder.fields)
        return uid
    }
}
