import Foundation

/// What an export of the whole inventory wrote (``ItemStore/exportInventory(to:)``).
public struct InventoryExportSummary: Sendable, Hashable {
    /// The items in the exported `items.archive`.
    public var items = 0
    /// The photos written beside it.
    public var photos = 0
    /// The attachments written beside it.
    public var attachments = 0
    /// The names in the exported list of locations.
    public var locations = 0
    /// Stored files that could not be read, so are not in the zip: the name and the reason.
    public var skipped: [InventoryTransferSkip] = []

    /// An empty summary.
    public init() {}
}

/// What an import of a full export did (``ItemStore/importInventory(from:named:limits:)``).
public struct InventoryImportSummary: Sendable, Hashable {
    /// The items imported (every item of the zip's `items.archive`).
    public var items = 0
    /// The photos imported.
    public var photos = 0
    /// The attachments imported.
    public var attachments = 0
    /// The locations added to the kept list (those it did not have).
    public var locations = 0
    /// The files of the zip that were not imported: the path and the reason.
    public var skipped: [InventoryTransferSkip] = []

    /// An empty summary.
    public init() {}

    /// What came in, as the CLI, the API and the pages say it: "Imported 2 items, 1 photo and
    /// 0 attachments; 1 location added to the list."
    public var sentence: String {
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

    /// Creates a skip.
    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }
}
