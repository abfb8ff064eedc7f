import Foundation
import KeyedArchive

/// The contents of `items.archive`: the root `NSMutableArray` the 2014 app archived, its
/// elements in order — items and whatever else was there.
public struct ItemArchive: Sendable, Hashable {
    /// The root array's elements, in archived order.
    public var entries: [ItemEntry]

    /// An archive of `entries`.
    public init(entries: [ItemEntry] = []) {
        self.entries = entries
    }

    /// An archive of `items` alone.
    public init(items: [Item]) {
        entries = items.map(ItemEntry.item)
    }

    /// The items, in archived order (entries of other classes left out).
    public var items: [Item] { entries.compactMap(\.item) }

    /// How many entries are not items (other classes, `$null`), kept on every rewrite.
    public var otherEntryCount: Int { entries.count(where: { $0.item == nil }) }

    /// The position in ``entries`` of the first item whose key is `key` (compared by code point).
    public func index(ofKey key: String) -> Int? {
        entries.firstIndex { $0.item.map { $0.itemKey.utf8.elementsEqual(key.utf8) } ?? false }
    }

    /// The archive file's bytes: a binary keyed archive, `$top` key `root`.
    ///
    /// - Throws: ``KeyedArchive/ArchiveError`` if the plist cannot be written.
    public func encoded() throws -> Data {
        let archiver = KeyedArchiver()
        archiver.encode(self, forKey: "root")
        return try archiver.encodedData()
    }

    /// Reads an archive file's bytes.
    ///
    /// - Throws: ``KeyedArchive/ArchiveError`` for damaged bytes, a root that is missing or not
    ///   an array, or a limit; `.missingValue` for a missing or `$null` root.
    public static func decode(_ data: Data, limits: ArchiveLimits = .default) throws -> ItemArchive {
        try KeyedUnarchiver.unarchive(ItemArchive.self, from: data, limits: limits)
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
        return ItemArchive(entries: entries)
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
