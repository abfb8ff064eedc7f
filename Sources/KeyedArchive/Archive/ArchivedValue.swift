import Foundation

/// Any archived value, decoded without knowing its type in advance.
///
/// Foundation classes become their Swift values; any other class becomes ``object(_:)`` with its
/// fields. A reference back to an object that is still being decoded (a cycle, such as an array
/// that contains itself) becomes ``reference(_:)`` with the object's UID, so decoding always
/// ends. Use this to inspect unknown archives; use typed decoding for your own data.
///
/// Equality is exact, as for ``PropertyList``: strings and field names compare by Unicode
/// scalars, reals and dates by bit pattern, so a set of values never merges "é" and "e\u{301}".
public indirect enum ArchivedValue: Hashable, Sendable {
    /// `$null` or `NSNull`.
    case null
    /// An `NSString`.
    case string(String)
    /// An integer `NSNumber`.
    case integer(Int64)
    /// An integer `NSNumber` above `Int64.max`.
    case unsignedInteger(UInt64)
    /// A real `NSNumber` (4- or 8-byte).
    case real(Double)
    /// A boolean `NSNumber`.
    case bool(Bool)
    /// An `NSData`.
    case data(Data)
    /// An `NSDate` (or a plist date).
    case date(Date)
    /// An `NSUUID`.
    case uuid(UUID)
    /// An `NSURL`.
    case url(URL)
    /// An `NSArray`.
    case array([ArchivedValue])
    /// An `NSSet`.
    case set([ArchivedValue])
    /// An `NSOrderedSet`.
    case orderedSet([ArchivedValue])
    /// An `NSDictionary`, entries in archived order.
    case dictionary([DictionaryEntry])
    /// An object of any other class, with its fields.
    case object(ArchivedObject)
    /// A reference to object `uid`, which is being decoded further up (a cycle).
    case reference(UInt32)

    /// One key–value pair of an archived dictionary.
    public struct DictionaryEntry: Hashable, Sendable {
        /// The key.
        public var key: ArchivedValue
        /// The value.
        public var value: ArchivedValue

        /// Creates an entry.
        public init(key: ArchivedValue, value: ArchivedValue) {
            self.key = key
            self.value = value
        }
    }
}

/// An archived object of a class this module has no Swift type for.
public struct ArchivedObject: Hashable, Sendable {
    /// The object's number in `$objects`.
    public var uid: UInt32
    /// The class chain, class first (just the class name when `$classes` is missing).
    public var classes: [String]
    /// The fields, without `$class`: inline scalars as themselves, references decoded.
    /// Field names compare by exact scalars.
    public var fields: [PropertyListKey: ArchivedValue]

    /// The class name.
    public var className: String { classes.first ?? "" }
}

extension ArchivedValue: ArchiveDecodable {
    /// Decodes object `uid` whatever its class; cycles become ``reference(_:)``.
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> ArchivedValue {
        if uid == 0 { return .null }
        if unarchiver.isDecoding(uid) { return .reference(uid) }
        return try decodeEntry(uid: uid, in: unarchiver)
    }

    /// Inline scalars decode as themselves; UIDs are followed.
    public static func decodeField(_ value: PropertyList, in unarchiver: KeyedUnarchiver) throws -> ArchivedValue {
        if case .uid(let uid) = value { return try decodeObject(uid: uid, in: unarchiver) }
        return try scalar(value, in: unarchiver)
    }

    private static func scalar(_ value: PropertyList, in unarchiver: KeyedUnarchiver) throws -> ArchivedValue {
        switch value {
        case .string(let text): return .string(text)
        case .integer(let number): return .integer(number)
        case .unsignedInteger(let number): return .unsignedInteger(number)
        case .real(let number): return .real(number)
        case .float(let number): return .real(Double(number))
        case .bool(let flag): return .bool(flag)
        case .data(let bytes): return .data(bytes)
        case .date(let date): return .date(date)
        case .uid(let uid): return try decodeObject(uid: uid, in: unarchiver)
        case .array(let elements), .set(let elements):
            return .array(try elements.map { try decodeField($0, in: unarchiver) })
        case .dictionary(let entries):
            return .dictionary(try entries.sorted { $0.key < $1.key }.map {
                DictionaryEntry(key: .string($0.key.string), value: try decodeField($0.value, in: unarchiver))
            })
        }
    }

    private static func decodeEntry(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> ArchivedValue {
        let entry = try unarchiver.object(uid)
        guard case .dictionary(let fields) = entry, fields["$class"] != nil else {
            if case .string("$null") = entry { return .null }
            return try unarchiver.withObject(uid) { try scalar(entry, in: unarchiver) }
        }
        let chain = try unarchiver.classChain(of: uid)
        switch chain.first ?? "" {
        case "NSNull": return .null
        case "NSString", "NSMutableString": return .string(try String.decodeObject(uid: uid, in: unarchiver))
        case "NSData", "NSMutableData": return .data(try Data.decodeObject(uid: uid, in: unarchiver))
        case "NSDate": return .date(try Date.decodeObject(uid: uid, in: unarchiver))
        case "NSUUID": return .uuid(try UUID.decodeObject(uid: uid, in: unarchiver))
        case "NSURL": return .url(try URL.decodeObject(uid: uid, in: unarchiver))
        case "NSOrderedSet", "NSMutableOrderedSet":
            return .orderedSet(try [ArchivedValue].decodeObject(uid: uid, in: unarchiver))
        default:
            return try unarchiver.withObject(uid) { try decodeContainer(uid: uid, className: chain.first ?? "", classes: chain, fields: fields, in: unarchiver) }
        }
    }

    /// Decodes arrays, sets, dictionaries and objects of unknown classes; the caller guards `uid`.
    private static func decodeContainer(uid: UInt32, className: String, classes: [String], fields: [PropertyListKey: PropertyList], in unarchiver: KeyedUnarchiver) throws -> ArchivedValue {
        func references(_ key: String) throws -> [ArchivedValue] {
            try unarchiver.references(in: fields, key: key, of: uid).map { try decodeObject(uid: $0, in: unarchiver) }
        }
        switch className {
        case "NSArray", "NSMutableArray": return .array(try references("NS.objects"))
        case "NSSet", "NSMutableSet": return .set(try references("NS.objects"))
        case "NSDictionary", "NSMutableDictionary":
            let keys = try references("NS.keys")
            let values = try references("NS.objects")
            guard keys.count == values.count else {
                throw ArchiveError(.invalidArchive, "object \(uid): NSDictionary has \(keys.count) keys but \(values.count) values", object: Int(uid))
            }
            return .dictionary(zip(keys, values).map { DictionaryEntry(key: $0, value: $1) })
        default:
            var decoded = [PropertyListKey: ArchivedValue](minimumCapacity: fields.count)
            for (key, value) in fields where key != "$class" {
                decoded[key] = try decodeField(value, in: unarchiver)
            }
            return .object(ArchivedObject(uid: uid, classes: classes, fields: decoded))
        }
    }
}
