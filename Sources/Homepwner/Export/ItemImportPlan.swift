import Foundation
import KeyedArchive

/// What importing a CSV file with the export's columns would do, row by row, worked out before
/// anything is written (the preview), and applied as it was shown (``ItemStore/applyImport(_:)``).
///
/// Rows are matched to items by the *Item Key* column: a row whose key is an item's changes
/// exactly the fields whose text differs from what the export writes for that item now (so an
/// exported file edited in a spreadsheet and imported back changes what was edited and nothing
/// else, and one imported unedited changes nothing); the columns `Field: NAME` set the item's
/// own field NAME (an empty cell removes it); a row without a key, or with a key no item
/// has, adds an item (with that key). A row that breaks a rule is refused with the reason, and
/// the others still go in. Columns the export does not write are named and left out; *Has
/// Photo* is the export's and is not imported (photos are not in a CSV file).
public struct ItemImportPlan: Sendable {
    /// A row that adds an item.
    public struct Addition: Sendable, Equatable {
        /// The row's line in the file (the header is line 1).
        public var line: Int
        /// The item it adds.
        public var item: Item
    }

    /// A row that changes an item.
    public struct Change: Sendable, Equatable {
        /// The row's line in the file.
        public var line: Int
        /// The item as it will be.
        public var item: Item
        /// The version of the item the change was worked out on: if the item is not at it when
        /// the import is applied, the row is refused then.
        public var basedOn: String
        /// The columns whose text differs, in the file's order.
        public var columns: [String]
    }

    /// A row that is not imported, and why.
    public struct Refusal: Sendable, Equatable {
        /// The row's line in the file.
        public var line: Int
        /// The item the row is about, as a person names it (the row's name, else the item's;
        /// at most 80 characters); nil when the row names none.
        public var item: String?
        /// Every reason, each one sentence (every cell that breaks its rule, not only the first).
        public var reasons: [String]

        /// All the reasons in one sentence, joined by "; ".
        public var reason: String { reasons.joined(separator: "; ") }

        /// A refusal of line `line`'s row, about `item`, for `reasons`.
        public init(line: Int, item: String? = nil, reasons: [String]) {
            self.line = line
            self.item = item
            self.reasons = reasons
        }

        /// A refusal of line `line`'s row for one `reason`.
        public init(line: Int, item: String? = nil, reason: String) {
            self.init(line: line, item: item, reasons: [reason])
        }

        /// "Drill: a value must …; a quantity must …", or the reasons alone without an item.
        public var text: String { item.map { "\($0): \(reason)" } ?? reason }
    }

    /// The rows that add items.
    public var additions: [Addition] = []
    /// The rows that change items.
    public var changes: [Change] = []
    /// The rows refused.
    public var refusals: [Refusal] = []
    /// How many rows match their item exactly.
    public var unchangedCount = 0
    /// The file's columns that the export does not write, left out.
    public var ignoredColumns: [String] = []

    /// The columns an import reads: the export's.
    typealias Column = ItemCSV.Column

    /// The plan for `table` against `items` (the inventory now); new items are dated `now()`
    /// unless the row gives a date, and keyed `makeKey()` unless it gives a key.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` when the header has no *Name* column or names
    ///   a column twice: no row can be read then.
    public static func plan(
        _ table: CSVTable, against items: [Item], now: () -> Date = { Date() }, makeKey: () -> String = { UUID().uuidString }
    ) throws -> ItemImportPlan {
        var plan = ItemImportPlan()
        var columns: [Column: Int] = [:]
        var fieldColumns: [(name: String, position: Int)] = []
        var seen: Set<PropertyListKey> = []
        for (position, title) in table.header.enumerated() {
            let trimmed = title.trimmingCharacters(in: .whitespaces)
            guard seen.insert(PropertyListKey(trimmed)).inserted else {
                throw HomepwnerError(.invalidValue, "the header names the column \"\(trimmed)\" twice")
            }
            if let column = Column.named(trimmed) {
                guard columns[column] == nil else {
                    throw HomepwnerError(.invalidValue, "the header names the column \"\(column.rawValue)\" twice (once by its old title)")
                }
                columns[column] = position
            } else if let name = ItemCSV.customFieldName(inTitle: trimmed) {
                fieldColumns.append((name, position))
            } else {
                plan.ignoredColumns.append(trimmed)
            }
        }
        guard columns[.name] != nil || columns[.key] != nil else {
            throw HomepwnerError(.invalidValue, "the header has neither a \"Name\" nor an \"Item Key\" column: is this an export of homepwner (homepwner export-csv)?")
        }
        var positions: [PropertyListKey: Int] = [:]
        for (index, item) in items.enumerated() where positions[PropertyListKey(item.itemKey)] == nil {
            positions[PropertyListKey(item.itemKey)] = index
        }
        var keysInFile: [PropertyListKey: Int] = [:]
        for row in table.rows {
            guard row.fields.count <= table.header.count else {
                plan.refusals.append(Refusal(line: row.line, reason: "it has \(row.fields.count) fields and the header \(table.header.count)"))
                continue
            }
            /// The cell as written (a formula's guard apostrophe still on it); nil when the file
            /// has no such column or the row ends before it (not given: left as it is).
            func written(_ column: Column) -> String? {
                guard let position = columns[column], position < row.fields.count else { return nil }
                return row.fields[position]
            }
            /// The cell's text as it was before the export guarded it.
            func cell(_ column: Column) -> String? { written(column).map(ItemCSV.unsafeText) }
            /// The row's item as a person names it: the name the row gives, else the item's.
            let named = cell(.name).map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : String($0.prefix(80)) }
            let key = cell(.key)?.trimmingCharacters(in: .whitespaces) ?? ""
            if !key.isEmpty {
                guard ItemRules.isValidKey(key) else {
                    plan.refusals.append(Refusal(line: row.line, item: named, reason: "its item key \"\(key)\" is not a UUID"))
                    continue
                }
                if let earlier = keysInFile[PropertyListKey(key)] {
                    plan.refusals.append(Refusal(line: row.line, item: named, reason: "its item key is on line \(earlier) already"))
                    continue
                }
                keysInFile[PropertyListKey(key)] = row.line
            }
            var reasons: [String] = []
            /// The row's fields of the item's own, as changes (the cell's text; empty removes).
            func fieldCells() -> [CustomField] {
                fieldColumns.compactMap { column in
                    column.position < row.fields.count ? CustomField(name: column.name, value: ItemCSV.unsafeText(row.fields[column.position])) : nil
                }
            }
            /// Sets the fields in `changes` on `item`, noting the first that breaks its rule.
            func setFields(_ changes: [CustomField], on item: inout Item) {
                guard !changes.isEmpty else { return }
                do {
                    item.customFields = try ItemRules.applying(changes, to: item.customFields)
                } catch let error as HomepwnerError {
                    reasons.append(error.message)
                } catch {}
            }
            /// Sets every given column, noting each one that breaks its rule (not only the first).
            func setEach(_ columns: [Column], on item: inout Item) throws {
                for column in columns {
                    do {
                        try set(column, from: cell(column) ?? "", on: &item)
                    } catch let error as HomepwnerError {
                        reasons.append(error.message)
                    }
                }
            }
            if !key.isEmpty, let index = positions[PropertyListKey(key)] {
                let current = items[index]
                var item = current
                // Unchanged: exactly what the export writes now.
                let changed = Column.fields.filter { column in
                    guard cell(column) != nil, let raw = written(column) else { return false }
                    return !ExactString.equal(raw, column.cell(of: current))
                }
                try setEach(changed, on: &item)
                let changedFields = fieldCells().filter { !ExactString.equal($0.value, ItemCSV.customFieldValue($0.name, of: current)) }
                setFields(changedFields, on: &item)
                if !reasons.isEmpty {
                    plan.refusals.append(Refusal(line: row.line, item: named ?? String(current.itemName.prefix(80)), reasons: reasons))
                } else if (changed.isEmpty && changedFields.isEmpty) || item.version == current.version {
                    // Compared by version (code points), not `==` (canonical equivalence).
                    plan.unchangedCount += 1
                } else {
                    let titles = changed.map(\.rawValue) + changedFields.map { ItemCSV.customFieldPrefix + $0.name }
                    plan.changes.append(Change(line: row.line, item: item, basedOn: current.version, columns: titles))
                }
            } else {
                var item = Item(itemName: "", dateCreated: now(), itemKey: key)
                if named == nil { reasons.append("a new item needs a name") }
                try setEach(Column.fields.filter { !(cell($0) ?? "").isEmpty }, on: &item)
                setFields(fieldCells().filter { !$0.value.isEmpty }, on: &item)
                if !reasons.isEmpty {
                    plan.refusals.append(Refusal(line: row.line, item: named, reasons: reasons))
                    continue
                }
                // A key is made only for a row that is added.
                if key.isEmpty { item.itemKey = makeKey() }
                plan.additions.append(Addition(line: row.line, item: item))
            }
        }
        return plan
    }

    /// Sets the field of `column` on `item` from the cell's text, by the rules (an empty cell
    /// clears a detail).
    static func set(_ column: Column, from text: String, on item: inout Item) throws {
        var changes = ItemChanges()
        switch column {
        case .name: item.itemName = try ItemRules.name(text)
        case .serialNumber: item.serialNumber = try ItemRules.serialNumber(text)
        case .value: item.valueInDollars = try ItemRules.value(parsing: text)
        case .date:
            guard let date = ItemCSV.date(parsing: text) else {
                throw HomepwnerError(.invalidValue, "a date must be written as the export writes it (2014-03-02T10:15:30.250Z), not \"\(text)\"")
            }
            item.dateCreated = date
        case .key, .hasPhoto, .total, .maintenance: break
        case .location: changes.location = text
        case .labels:
            changes.labels = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        case .quantity: changes.quantity = try ItemRules.quantity(parsing: text)
        case .purchaseDate: changes.purchaseDate = .some(try ItemRules.day(parsing: text, as: "a purchase date"))
        case .pricePaid: changes.pricePaid = .some(try ItemRules.pricePaid(parsing: text))
        case .purchasedFrom: changes.purchasedFrom = text
        case .warrantyEnds: changes.warrantyEnds = .some(try ItemRules.day(parsing: text, as: "a warranty end"))
        case .warrantyNotes: changes.warrantyNotes = text
        case .notes: changes.notes = text
        case .modelName: changes.modelName = text
        case .manufacturer: changes.manufacturer = text
        case .archived: changes.archivedDate = .some(try ItemRules.day(parsing: text, as: "an archive date"))
        }
        if changes.changesDetails { try changes.checkedDetails().apply(to: &item) }
    }
}
