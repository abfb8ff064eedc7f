import Foundation

/// Which items a query takes by whether they are archived (``Item/archivedDate``).
public enum ArchivedItems: String, Sendable, Equatable, CaseIterable {
    /// Only items in the inventory (the default: archived ones are out of the list and the totals).
    case hidden = "hide"
    /// Every item, archived or not.
    case included = "include"
    /// Only archived items.
    case only

    /// Whether `item` is taken.
    public func takes(_ item: Item) -> Bool {
        switch self {
        case .hidden: !item.isArchived
        case .included: true
        case .only: item.isArchived
        }
    }
}

/// What part of the inventory to show: the items that match a search and filters, in an order,
/// one page of them (``ItemCatalog/search(_:)``), for the API's `GET /api/items`, the inventory
/// page and `homepwner search`.
public struct ItemQuery: Sendable, Equatable {
    /// Words that must each occur in an item's name, serial number, model, manufacturer, notes,
    /// location, labels or fields of its own (their names and values), in any case and with or without accents ("eclair" finds "Éclair");
    /// empty for every item.
    public var text: String
    /// Only items kept at this location or inside it ("House › Garage" also finds
    /// "House › Garage › Shelf 2"); compared level by level, by code point.
    public var location: String?
    /// Only items with this label (compared by code point).
    public var label: String?
    /// Only items without a location (refused together with ``location``).
    public var withoutLocation: Bool
    /// Whether archived items are left out (the default), taken too, or alone. Items it does
    /// not take are in no total either.
    public var archived: ArchivedItems
    /// The order of the matches.
    public var order: ItemOrder
    /// How many matches to skip.
    public var offset: Int
    /// How many matches to return at most; nil for all of them.
    public var limit: Int?

    /// The most characters a search may have.
    public static let maxTextLength = 200
    /// The most matches one page returns.
    public static let maxLimit = 1_000
    /// The largest offset.
    public static let maxOffset = 1_000_000_000

    /// A query; every part is optional (every item, in the archive's order).
    public init(
        text: String = "", location: String? = nil, label: String? = nil, order: ItemOrder = ItemOrder(field: nil),
        offset: Int = 0, limit: Int? = nil, withoutLocation: Bool = false, archived: ArchivedItems = .hidden
    ) {
        self.archived = archived
        self.text = text
        self.location = location
        self.label = label
        self.withoutLocation = withoutLocation
        self.order = order
        self.offset = offset
        self.limit = limit
    }

    /// Whether the query narrows the inventory (a search or a filter).
    public var narrows: Bool { !Self.words(of: text).isEmpty || location != nil || label != nil || withoutLocation || archived == .only }

    /// Whether `text` has no word to search for (empty, spaces, control characters only).
    public static func isBlank(_ text: String) -> Bool { words(of: text).isEmpty }

    /// Checks the query's limits.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue`, in one sentence: a search over
    ///   ``maxTextLength`` characters (or 4 bytes of UTF-8 each), a filter over its field's
    ///   limit, an offset outside 0…``maxOffset``, a limit outside 1…``maxLimit``.
    public func validated() throws -> ItemQuery {
        guard text.utf8.count <= 4 * Self.maxTextLength, text.count <= Self.maxTextLength else {
            throw HomepwnerError(.invalidValue, "a search can have at most \(Self.maxTextLength) characters")
        }
        if let location, location.utf8.count > 4 * ItemRules.maxLocationLength || location.count > ItemRules.maxLocationLength {
            throw HomepwnerError(.invalidValue, "a location can have at most \(ItemRules.maxLocationLength) characters")
        }
        if let label, label.utf8.count > 4 * ItemRules.maxLabelLength || label.count > ItemRules.maxLabelLength {
            throw HomepwnerError(.invalidValue, "a label can have at most \(ItemRules.maxLabelLength) characters")
        }
        if withoutLocation, location != nil {
            throw HomepwnerError(.invalidValue, "ask for a location or for items without one, not both")
        }
        guard offset >= 0 else { throw HomepwnerError(.invalidValue, "an offset cannot be negative, not \(offset)") }
        guard offset <= Self.maxOffset else { throw HomepwnerError(.invalidValue, "an offset can be at most \(Self.maxOffset), not \(offset)") }
        if let limit, !(1...Self.maxLimit).contains(limit) {
            throw HomepwnerError(.invalidValue, "a limit must be from 1 to \(Self.maxLimit), not \(limit)")
        }
        return self
    }

    /// The search's words, folded as the catalog folds what it searches (control characters,
    /// which no word can match, are left out).
    static func words(of text: String) -> [[UInt8]] {
        text.split(whereSeparator: { $0.isWhitespace }).compactMap { word in
            let kept = String(String.UnicodeScalarView(word.unicodeScalars.filter { !($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }))
            let folded = SearchFolding.fold(kept)
            return folded.isEmpty ? nil : folded
        }
    }
}

/// How search text is folded: case, accents and widths (Foundation's folding), as UTF-8.
enum SearchFolding {
    static func fold(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: lower-casing is all the folding there is.
            return text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        }
        return Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).utf8)
    }
}
