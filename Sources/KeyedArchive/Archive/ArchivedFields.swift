import Foundation

/// Fields of an archived object kept exactly as they were archived: their raw values (inline
/// scalars or references) and every object they reach, copied from the source archive without
/// being decoded.
///
/// Written back with ``ArchiveEncoder/encode(_:)``, they come out as they went in: the same class
/// names and chains, the same number widths, shared objects still shared (between the fields
/// too), cycles still cycles, and a reference back to the object itself still pointing at it.
/// Keeping them costs what the archived objects cost: a graph of a few objects that share each
/// other a million times stays a few objects. Use this for the fields a model does not know;
/// ``value(forKey:limits:)`` decodes one when someone must look.
public struct ArchivedFields: Sendable, Hashable {
    /// One kept field.
    public struct Field: Sendable, Hashable {
        /// The field's name, exactly as archived.
        public let key: String
        /// Its raw value, with references renumbered into ``ArchivedFields/objects``.
        public let value: PropertyList
    }

    /// The fields, in code-point order of their names (names that Unicode calls equivalent are
    /// still two fields).
    public let fields: [Field]
    /// The objects the fields reach, renumbered from 2 in the order they were first reached;
    /// entry 0 stands for `$null` and entry 1 for the object that holds the fields.
    public let objects: [PropertyList]

    /// No fields.
    public init() {
        fields = []
        objects = Self.noObjects
    }

    /// The objects of no fields, shared (every item without unknown keys has them).
    private static let noObjects: [PropertyList] = [.string("$null"), .string("$null")]

    /// The names of the fields, in code-point order.
    public var keys: [String] { fields.map(\.key) }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The number of archived objects the fields reach (not counting the holder).
    public var objectCount: Int { objects.count - 2 }

    /// Copies the fields `keys` of object `owner` and everything they reach.
    ///
    /// - Throws: ``ArchiveError`` when a reference points outside `$objects` or an object is corrupt.
    init(keys: [String], of owner: UInt32, in unarchiver: KeyedUnarchiver) throws {
        var raw: [(key: String, value: PropertyList)] = []
        for key in keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let value = try unarchiver.field(key, of: owner) else { continue }
            raw.append((key, value))
        }
        self = try Self.gathering(raw, holder: owner, object: unarchiver.object)
    }

    private init(fields: [Field], objects: [PropertyList]) {
        self.fields = fields
        self.objects = objects
    }

    /// `raw` fields of the object `holder` with every object they reach, fetched by `object`
    /// and renumbered from 2 in the order first reached (0 stays `$null`, `holder` becomes 1).
    private static func gathering(
        _ raw: [(key: String, value: PropertyList)], holder: UInt32, object: (UInt32) throws -> PropertyList
    ) rethrows -> ArchivedFields {
        var renumbered: [UInt32: UInt32] = [0: 0, holder: 1]
        var order: [UInt32] = []
        func visit(_ value: PropertyList) {
            forEachReference(in: value) { uid in
                if renumbered[uid] == nil {
                    renumbered[uid] = UInt32(order.count + 2)
                    order.append(uid)
                }
            }
        }
        for field in raw { visit(field.value) }
        var copied: [PropertyList] = [.string("$null"), .string("$null")]
        var index = 0
        while index < order.count {
            let entry = try object(order[index])
            visit(entry)
            copied.append(entry)
            index += 1
        }
        let map = renumbered
        let renumber: (UInt32) -> UInt32 = { map[$0] ?? 0 }
        return ArchivedFields(
            fields: raw.map { Field(key: $0.key, value: Self.renumber($0.value, renumber)) },
            objects: copied.prefix(2) + copied.dropFirst(2).map { Self.renumber($0, renumber) }
        )
    }

    /// These fields without the one named `key` (compared by code point) and without the objects
    /// only it reached; the same fields when there is no such field.
    public func removing(_ key: String) -> ArchivedFields {
        let kept = fields.filter { !$0.key.utf8.elementsEqual(key.utf8) }
        guard kept.count < fields.count else { return self }
        let objects = self.objects
        return Self.gathering(kept.map { ($0.key, $0.value) }, holder: 1) { objects[Int($0)] }
    }

    /// Decodes field `key` generically (for display and tests); nil if there is no such field.
    ///
    /// - Throws: ``ArchiveError`` as ``KeyedUnarchiver`` does.
    public func value(forKey key: String, limits: ArchiveLimits = .default) throws -> ArchivedValue? {
        guard let field = fields.first(where: { $0.key.utf8.elementsEqual(key.utf8) }) else { return nil }
        let archive = PropertyList.dictionary([
            "$archiver": .string("NSKeyedArchiver"),
            "$version": .integer(100_000),
            "$top": .dictionary([:]),
            "$objects": .array(objects),
        ])
        let unarchiver = try KeyedUnarchiver(propertyList: archive, limits: limits)
        return try ArchivedValue.decodeField(field.value, in: unarchiver)
    }

    /// `value` with every reference `uid` replaced by `map(uid)`.
    static func renumber(_ value: PropertyList, _ map: (UInt32) -> UInt32) -> PropertyList {
        switch value {
        case .uid(let uid): return .uid(map(uid))
        case .array(let items): return .array(items.map { renumber($0, map) })
        case .set(let items): return .set(items.map { renumber($0, map) })
        case .dictionary(let entries): return .dictionary(entries.mapValues { renumber($0, map) })
        default: return value
        }
    }
}

/// Calls `body` with every reference in `value`, dictionary entries in key order so the order
/// is the same on every run.
private func forEachReference(in value: PropertyList, _ body: (UInt32) -> Void) {
    switch value {
    case .uid(let uid): body(uid)
    case .array(let items), .set(let items): for item in items { forEachReference(in: item, body) }
    case .dictionary(let entries):
        for key in entries.keys.sorted() {
            if let item = entries[key] { forEachReference(in: item, body) }
        }
    default: break
    }
}

extension ArchiveDecoder {
    /// Every field of this object except `$class` and `known` (compared by code point), kept
    /// exactly as archived (see ``ArchivedFields``).
    ///
    /// - Throws: ``ArchiveError`` if the object or what the fields reach is corrupt.
    public func decodeFields(except known: [String]) throws -> ArchivedFields {
        let keys = try allKeys().filter { key in !known.contains { $0.utf8.elementsEqual(key.utf8) } }
        return try ArchivedFields(keys: keys, of: uid, in: unarchiver)
    }
}

extension ArchiveEncoder {
    /// Writes kept fields back exactly as they were archived: the objects they reach are copied
    /// into this archive (renumbered), keeping classes, number widths, sharing and cycles.
    public mutating func encode(_ kept: ArchivedFields) {
        guard !kept.isEmpty else { return }
        let base = UInt32(archiver.objects.count) - 2
        let owner = uid
        let shift: (UInt32) -> UInt32 = { $0 == 0 ? 0 : $0 == 1 ? owner : $0 + base }
        for entry in kept.objects.dropFirst(2) {
            _ = archiver.appendObject(ArchivedFields.renumber(entry, shift))
        }
        for field in kept.fields {
            fields[PropertyListKey(field.key)] = ArchivedFields.renumber(field.value, shift)
        }
    }
}
