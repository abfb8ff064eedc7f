import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `dashboard [--json]`: the inventory at a glance, as the start page shows it: what there is and
/// what it is worth, by top-level location and by label, what was added last, the warranties
/// ending within 90 days or ended, and the maintenance due within 30 days or overdue.
struct DashboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "Show the inventory at a glance: totals, by location and label, added lately, warranties ending, maintenance due."
    )

    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    struct Group: Encodable {
        var name: String?
        var itemCount: Int
        var totalValueInDollars: Int
    }

    struct Entry: Encodable {
        var itemKey: String
        var itemName: String
        var day: String
        var daysFromToday: Int
    }

    struct List: Encodable {
        var count: Int
        var entries: [Entry]
    }

    struct Board: Encodable {
        var today: String
        var itemCount: Int
        var quantity: Int
        var totalValueInDollars: Int
        var byTopLocation: [Group]
        var byLabel: [Group]
        var recentlyAdded: List
        var warrantiesEnding: List
        var warrantiesEnded: List
        var maintenanceDue: List
        var maintenanceOverdue: List
    }

    func run() async throws {
        let store = try await data.openForReading()
        let board = try await store?.dashboard() ?? ItemDashboard(ItemCatalog(items: []), now: Date())
        try await output.write(json: { Self.json(board) }) { Self.text(board) }
    }

    static func json(_ board: ItemDashboard) -> Board {
        func group(_ totals: GroupTotals) -> Group { Group(name: totals.name, itemCount: totals.all.count, totalValueInDollars: totals.all.valueInDollars) }
        func list(_ cut: ItemDashboard.Cut) -> List {
            List(count: cut.count, entries: cut.entries.map { Entry(itemKey: $0.item.itemKey, itemName: $0.item.itemName, day: $0.day, daysFromToday: $0.daysFromToday) })
        }
        return Board(
            today: board.today, itemCount: board.everything.count, quantity: board.everything.quantity,
            totalValueInDollars: board.everything.valueInDollars, byTopLocation: board.byTopLocation.map(group), byLabel: board.byLabel.map(group),
            recentlyAdded: list(board.recentlyAdded), warrantiesEnding: list(board.warrantiesEnding), warrantiesEnded: list(board.warrantiesEnded),
            maintenanceDue: list(board.maintenanceDue), maintenanceOverdue: list(board.maintenanceOverdue)
        )
    }

    static func text(_ board: ItemDashboard) -> String {
        let all = board.everything
        var lines = ["\(items(all.count)), worth \(ItemRules.dollars(all.valueInDollars))"]
        func section(_ title: String, _ rows: [String]) {
            guard !rows.isEmpty else { return }
            lines.append("")
            lines.append(title)
            lines += rows.map { "  \($0)" }
        }
        section("By location:", board.byTopLocation.map { "\(terminalSafe($0.name ?? "(no location)"))  \(items($0.all.count)), \(ItemRules.dollars($0.all.valueInDollars))" })
        section("By label:", board.byLabel.map { "\(terminalSafe($0.name ?? ""))  \(items($0.all.count)), \(ItemRules.dollars($0.all.valueInDollars))" })
        section("Added lately:", board.recentlyAdded.entries.map { "\($0.day)  \(terminalSafe($0.item.itemName))" })
        section(
            "Warranties ending within \(ItemDashboard.warrantyWindowDays) days:",
            board.warrantiesEnding.entries.map { "\($0.day)  \(terminalSafe($0.item.itemName))" } + more(board.warrantiesEnding)
        )
        section("Warranties ended:", board.warrantiesEnded.entries.map { "\($0.day)  \(terminalSafe($0.item.itemName))" } + more(board.warrantiesEnded))
        section(
            "Maintenance due within \(ItemRules.maintenanceWindowDays) days:",
            board.maintenanceDue.entries.map { "\($0.day)  \(terminalSafe($0.item.itemName))" } + more(board.maintenanceDue)
        )
        section("Maintenance overdue:", board.maintenanceOverdue.entries.map { "\($0.day)  \(terminalSafe($0.item.itemName))" } + more(board.maintenanceOverdue))
        return lines.joined(separator: "\n") + "\n"
    }

    static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count.formatted()) items" }

    static func more(_ cut: ItemDashboard.Cut) -> [String] {
        cut.count > cut.entries.count ? ["and \((cut.count - cut.entries.count).formatted()) more"] : []
    }
}
