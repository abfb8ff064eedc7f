import KeyedArchive

/// One element of the archive's root array: an item, or an object of another class kept as it
/// was read and written back in its place.
public enum ItemEntry: Sendable, Hashable {
    /// A `BNRItem`.
    case item(Item)
    /// Anything else (another class, `$null`, a string): kept, never shown as an item.
    case other(ArchivedValue)

    /// The item, if this entry is one.
    public var item: Item? {
        if case .item(let item) = self { return item }
        return nil
    }
}

extension ItemEntry: ArchiveCodable {
    /// Writes the item as `BNRItem`, or the kept object as it was read.
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        switch self {
        case .item(let item): item.encodeObject(in: archiver)
        case .other(let value): value.encodeObject(in: archiver)
        }
    }

    /// Reads a `BNRItem` as an ``Item`` and any other object as an ``ArchivedValue`` (bounded by
    /// the unarchiver's limits like every other decode).
    ///
    /// - Throws: ``KeyedArchive/ArchiveError`` for a corrupt object.
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> ItemEntry {
        // One pass over the object's keys reads the item's fields and its class (the unarchiver
        // remembers both: the decode below gets the fields back without a second pass). A class
        // name is looked up once per class; anything that is not an object is not an item.
        if uid != 0 { _ = try? unarchiver.fields(Item.knownKeys, of: uid) }
        if uid != 0, let name = try? unarchiver.className(of: uid), Item.accepts(className: name) {
            return .item(try Item.decodeObject(uid: uid, in: unarchiver))
        }
        return .other(try ArchivedValue.decodeObject(uid: uid, in: unarchiver))
    }
}
