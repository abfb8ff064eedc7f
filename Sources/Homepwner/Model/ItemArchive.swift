import Foundation
import KeyedArchive

/// The contents of `items.archive`: the root `NSMutableArray` the 2014 app archived, its
/// elements in order — items and whatever else was there.
///
/// Items are found by key in constant time: the archive keeps the position of each key's first
/// item, updated by ``append(_:)``, ``replace(at:with:)`` and ``remove(at:)``.
public struct ItemArchive: Sendable, Hashable {
    /// The root array's elements, in archived order.
    public private(set) var entries: [ItemEntry]
    /// The position of the first item with each key (keys compared by code point).
    private var positions: [PropertyListKey: Int] = [:]
    /// The model version the archive was read at (``ItemArchive/modelVersions``): from the
    /// `$top` key `modelVersion`, 1 for a file that records none (the 2014 app's); the current
    /// version for an archive made in memory. Writes always record the current version. Not
    /// part of equality: two archives with the same entries are equal.
    public internal(set) var modelVersion = ItemArchive.modelVersions.current

    /// An archive of `entries`.
    public init(entries: [ItemEntry] = []) {
        self.entries = entries
        indexKeys()
    }

    /// An archive of `items` alone.
    public init(items: [Item]) {
        self.init(entries: items.map(ItemEntry.item))
    }

    /// Whether both archives have the same entries.
    public static func == (lhs: ItemArchive, rhs: ItemArchive) -> Bool {
        lhs.entries == rhs.entries
    }

    /// Hashes the entries.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
    }

    /// Adds `item` at the end.
    public mutating func append(_ item: Item) {
        entries.append(.item(item))
        Self.keepFirst(&positions[PropertyListKey(item.itemKey), default: entries.count - 1])
    }

    /// Puts `item` in place of the entry at `index` (which must exist).
    public mutating func replace(at index: Int, with item: Item) {
        let previousKey = entries[index].item.map { PropertyListKey($0.itemKey) }
        entries[index] = .item(item)
        if previousKey != PropertyListKey(item.itemKey) { indexKeys() }
    }

    /// Removes the entry at `index` (which must exist) and returns it.
    @discardableResult
    public mutating func remove(at index: Int) -> ItemEntry {
        let removed = entries.remove(at: index)
        indexKeys()
        return removed
    }

    private mutating func indexKeys() {
        positions = [:]
        positions.reserveCapacity(entries.count)
        for index in entries.indices {
            guard case .item(let item) = entries[index] else { continue }
            // Keeps the first position of a key, hashing it once.
            Self.keepFirst(&positions[PropertyListKey(item.itemKey), default: index])
        }
    }

    @inline(__always)
    private static func keepFirst(_ slot: inout Int) {}

    /// The items, in archived order (entries of other classes left out).
    public var items: [Item] { entries.compactMap(\.item) }

    /// How many entries are not items (other classes, `$null`), kept on every rewrite.
    public var otherEntryCount: Int { entries.count(where: { $0.item == nil }) }

    /// The position in ``entries`` of the first item whose key is `key` (compared by code point).
    public func index(ofKey key: String) -> Int? {
        positions[PropertyListKey(key)]
    }

    /// The archive file's bytes: a binary keyed archive, `$top` key `root`.
    ///
    /// An archive of plain items (the usual one) is written straight to the plist; one with
    /// entries of other classes or kept unknown keys goes through the generic archiver. Both
    /// make the same archive.
    /// - Throws: ``KeyedArchive/ArchiveError`` if the plist cannot be written.
    public func encoded() throws -> Data {
        if ItemArchiveWriter.canWrite(self) { return ItemArchiveWriter.write(self) }
        return try encodedByArchiver()
    }

    /// The archive file's bytes as the generic `KeyedArchiver` writes them: `root`, then the
    /// current ``modelVersions`` under `modelVersion`.
    ///
    /// - Throws: ``KeyedArchive/ArchiveError`` if the plist cannot be written.
    func encodedByArchiver() throws -> Data {
        let archiver = KeyedArchiver()
        archiver.encode(self, forKey: "root")
        archiver.encode(Self.modelVersions.current, forKey: Self.modelVersionKey)
        return try archiver.encodedData()
    }

    /// Reads an archive file's bytes, with the model version they record (``modelVersion``).
    ///
    /// - Throws: ``KeyedArchive/ArchiveError`` for damaged bytes, a root that is missing or not
    ///   an array, a `modelVersion` that is not a positive integer, or a limit; `.missingValue`
    ///   for a missing or `$null` root.
    public static func decode(_ data: Data, limits: ArchiveLimits = .default) throws -> ItemArchive {
        let unarchiver = try KeyedUnarchiver(data: data, limits: limits)
        let version = try modelVersion(in: unarchiver)
        guard var archive = try unarchiver.decode(ItemArchive.self, forKey: "root") else {
            throw ArchiveError(.missingValue, "keyed archive: the top-level object \"root\" is missing or nil")
        }
        archive.modelVersion = version
        return archive
    }

    /// What can still be read from a damaged archive: each root element that decodes on its own,
    /// in order; empty when not even the root array can be found. Never throws, never traps.
    public static func salvage(_ data: Data, limits: ArchiveLimits = .default) -> ItemArchive {
        guard let unarchiver = try? KeyedUnarchiver(data: data, limits: limits),
              case .uid(let root)? = unarchiver.top["root"], root != 0,
              let uids = try? unarchiver.references(key: "NS.objects", of: root) else { return ItemArchive() }
        var entries: [ItemEntry] = []
        for uid in uids {
            if let entry = try? unarchiver.withObject(root, { try ItemEntry.decodeObject(uid: uid, in: unarchiver) }) {
                entries.append(entry)
            }
        }
        var archive = ItemArchive(entries: entries)
        if let version = try? modelVersion(in: unarchiver) { archive.modelVersion = version }
        return archive
    }
}

extension ItemArchive: ArchiveCodable {
    /// Writes an `NSMutableArray` (class chain `NSMutableArray`, `NSArray`, `NSObject`, as
    /// Foundation writes one) whose `NS.objects` are the entries.
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        let references = entries.map { PropertyList.uid($0.encodeObject(in: archiver)) }
        return archiver.appendObject(className: "NSMutableArray", superclasses: ["NSArray", "NSObject"], fields: ["NS.objects": .array(references)])
    }

    /// Reads an `NSArray` or `NSMutableArray` of entries.
    ///
    /// - Throws: ``KeyedArchive/ArchiveError`` for another class or a corrupt element.
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> ItemArchive {
        try unarchiver.checkClass(of: uid, expecting: ["NSArray", "NSMutableArray"], for: "ItemArchive")
        let uids = try unarchiver.references(key: "NS.objects", of: uid)
        let entries = try unarchiver.withObject(uid) {
            try uids.map { try ItemEntry.decodeObject(uid: $0, in: unarchiver) }
        }
        return ItemArchive(entries: entries)
    }
}
