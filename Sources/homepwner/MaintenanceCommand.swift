import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `maintenance [list|add|remove]`: an item's maintenance log — what was done on which day, what
/// it cost, and when it is due again — kept in the item in `items.archive`.
struct MaintenanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "maintenance",
        abstract: "Keep an item's maintenance log: what was done, when, what it cost, when it is due again.",
        discussion: "Entries are numbered from 1, oldest first. An item is due for maintenance on the next-due date of its latest entry.",
        subcommands: [ListEntries.self, AddEntry.self, RemoveEntry.self],
        defaultSubcommand: ListEntries.self
    )

    /// `maintenance list KEY [--json]`: the log, numbered, and when the item is next due.
    struct ListEntries: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List an item's maintenance log, numbered, oldest first.")
        @Argument(help: "The item's key, or the start of it.") var key: String
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            guard let store = try await data.openForReading() else { throw HomepwnerError(.notFound, "no item has a key starting with \(key)") }
            let item = try await store.item(try await store.resolveKey(key))
            try await output.write(json: { MaintenanceLog(item) }) { MaintenanceCommand.text(item) }
        }
    }

    /// `maintenance add KEY --date YYYY-MM-DD --note TEXT [--cost DOLLARS] [--next YYYY-MM-DD]`.
    struct AddEntry: ItemChangeCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an entry to an item's maintenance log.")
        @Argument(help: "The item's key, or the start of it.") var key: String
        @Option(help: "The day the work was done: YYYY-MM-DD, UTC.") var date: String
        @Option(help: "What was done.") var note: String
        @Option(help: "What it cost, in whole dollars.") var cost: String?
        @Option(help: "When it is due again: YYYY-MM-DD, UTC.") var next: String?
        @OptionGroup var data: DataOptions

        func prepare() async throws -> MaintenanceEntry {
            guard let day = try ItemRules.day(parsing: date, as: "a maintenance date") else {
                throw HomepwnerError(.invalidValue, "a maintenance date must be a date like 2024-03-15, not \"\"")
            }
            let dollars = try cost.flatMap { try ItemRules.dollars(parsing: $0, as: "a maintenance cost") }
            let nextDue = try next.flatMap { try ItemRules.day(parsing: $0, as: "a next-due date") }
            return try ItemRules.maintenanceEntry(date: day, note: note, cost: dollars, nextDue: nextDue)
        }

        func change(item key: String, in store: ItemStore, _ entry: MaintenanceEntry) async throws -> String {
            let item = try await store.addMaintenance(entry, toItem: key)
            let number = ItemRules.maintenanceNumber(of: entry, in: item.maintenance ?? [])
            return "\(MaintenanceCommand.line(number: number, entry))  added to \(terminalSafe(item.itemName))"
        }
    }

    /// `maintenance remove KEY N`: removes entry N (as `maintenance list` numbers them).
    struct RemoveEntry: ItemChangeCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an entry from an item's maintenance log.")
        @Argument(help: "The item's key, or the start of it.") var key: String
        @Argument(help: "The entry's number, as maintenance list shows it.") var number: String
        @OptionGroup var data: DataOptions

        func prepare() async throws -> Int {
            guard let number = ItemRules.listNumber(parsing: number) else {
                throw HomepwnerError(.invalidValue, "an entry's number is a whole number from 1, as maintenance list shows it, not \"\(number.prefix(40))\"")
            }
            return number
        }

        func change(item key: String, in store: ItemStore, _ number: Int) async throws -> String {
            let (_, removed) = try await store.removeMaintenance(number: number, fromItem: key)
            return "\(MaintenanceCommand.line(number: number, removed))  removed"
        }
    }

    /// One entry as the list shows it: number, day, note (later lines indented), cost, next due.
    static func line(number: Int, _ entry: MaintenanceEntry) -> String {
        var parts = ["\(number)", ItemRules.dayText(entry.date) ?? "invalid date"]
        let indent = "\n" + String(repeating: " ", count: parts.joined(separator: "  ").count + 2)
        parts.append(entry.note.split(separator: "\n", omittingEmptySubsequences: false).map { terminalSafe(String($0)) }.joined(separator: indent))
        if let cost = entry.cost { parts.append(ItemRules.dollars(cost)) }
        if let next = entry.nextDue { parts.append("next due \(ItemRules.dayText(next) ?? "invalid date")") }
        return parts.joined(separator: "  ")
    }

    /// The whole log as `maintenance list` prints it.
    static func text(_ item: Item) -> String {
        let log = item.maintenance ?? []
        guard !log.isEmpty else {
            return "\(terminalSafe(item.itemName)) has no maintenance log (add to it with: homepwner maintenance add KEY --date YYYY-MM-DD --note TEXT)\n"
        }
        var text = ""
        for (index, entry) in log.enumerated() { text += line(number: index + 1, entry) + "\n" }
        if let next = ItemRules.nextMaintenance(of: item), let day = ItemRules.dayText(next) { text += "next due: \(day)\n" }
        return text
    }
}

/// What `maintenance list --json` prints: the API's `MaintenanceLog` — each entry numbered, days
/// as `YYYY-MM-DD` (null for a date that is not finite), and when the item is next due.
struct MaintenanceLog: Encodable {
    /// One entry.
    struct Entry: Encodable {
        var number: Int
        var date: String?
        var note: String
        var costInDollars: Int?
        var nextDue: String?

        private enum CodingKeys: String, CodingKey { case number, date, note, costInDollars, nextDue }

        /// `date` is always present (null when not finite); the others only when set.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(number, forKey: .number)
            try container.encode(date, forKey: .date)
            try container.encode(note, forKey: .note)
            try container.encodeIfPresent(costInDollars, forKey: .costInDollars)
            try container.encodeIfPresent(nextDue, forKey: .nextDue)
        }
    }

    var itemKey: String
    var version: String
    var entries: [Entry]
    var nextDue: String?

    init(_ item: Item) {
        itemKey = item.itemKey
        version = item.version
        entries = (item.maintenance ?? []).enumerated().map { index, entry in
            Entry(number: index + 1, date: ItemRules.dayText(entry.date), note: entry.note, costInDollars: entry.cost, nextDue: entry.nextDue.flatMap(ItemRules.dayText))
        }
        nextDue = ItemRules.nextMaintenance(of: item).flatMap(ItemRules.dayText)
    }
}
