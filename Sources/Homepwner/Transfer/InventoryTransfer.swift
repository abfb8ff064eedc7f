import Foundation

/// What an export of the whole inventory wrote (``ItemStore/exportInventory(to:)``), or what an
/// import of one brought in (``ItemStore/importInventory(from:named:limits:)``).
public struct InventoryTransferSummary: Sendable, Hashable {
    /// The items (every item of the `items.archive` written or read).
    public var items = 0
    /// The photos written or imported.
    public var photos = 0
    /// The attachments written or imported.
    public var attachments = 0
    /// The locations of the exported list; those an import added to the kept list.
    public var locations = 0
    /// What was left out: stored files an export could not read, files of the zip an import did
    /// not take — each with the reason.
    public var skipped: [InventoryTransferSkip] = []

    /// An empty summary.
    public init() {}

    /// What an export wrote, as the CLI says it: "Exported 2 items, 1 photo, 0 attachments and
    /// 1 location."
    public var exportSentence: String {
        "Exported \(Self.counted(items, "item")), \(Self.counted(photos, "photo")), \(Self.counted(attachments, "attachment")) and \(Self.counted(locations, "location"))."
    }

    /// What an import brought in, as the CLI, the API and the pages say it: "Imported 2 items,
    /// 1 photo and 0 attachments; 1 location added to the list."
    public var importSentence: String {
        "Imported \(Self.counted(items, "item")), \(Self.counted(photos, "photo")) and \(Self.counted(attachments, "attachment")); \(Self.counted(locations, "location")) added to the list."
    }

    /// "1 item", "2 items", "10,000 items".
    public static func counted(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count.formatted(.number.locale(Locale(identifier: "en_US")))) \(noun)s"
    }
}

/// A file an export or an import left out, and why.
public struct InventoryTransferSkip: Sendable, Hashable {
    /// Its name (in the zip, its path).
    public var name: String
    /// Why it was left out, as a sentence a person can act on.
    public var reason: String
}
