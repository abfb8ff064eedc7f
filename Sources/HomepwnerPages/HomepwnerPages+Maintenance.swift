import Foundation
import Homepwner
import Hummingbird
import WebSupport

/// The plain forms of an item's maintenance log: add an entry, remove one, each a 303 back to
/// the item's page at its log; a refusal is carried there with the form as typed.
extension HomepwnerPages {
    /// `POST /items/{itemKey}/maintenance` (date, note, cost, nextDue).
    func addMaintenance(_ request: Request, key: String) async throws -> Response {
        let form = try await Self.form(of: request)
        let typed = MaintenanceFormModel(typedIn: form)
        do {
            guard let date = try ItemRules.day(parsing: typed.date, as: "a maintenance date") else {
                throw HomepwnerError(.invalidValue, "give the day the work was done")
            }
            let cost = try ItemRules.dollars(parsing: typed.cost, as: "a maintenance cost")
            let nextDue = try ItemRules.day(parsing: typed.nextDue, as: "a next-due date")
            let entry = try ItemRules.maintenanceEntry(date: date, note: typed.note, cost: cost, nextDue: nextDue)
            try await store.addMaintenance(entry, toItem: key)
            return redirect(to: "/items/\(key)#maintenance")
        } catch let error as HomepwnerError where Self.isRefusal(error) {
            var shown = typed
            shown.error = Self.formMessage(error)
            return await carrier.redirect(to: "/items/\(key)#maintenance", carrying: .maintenance(shown), request: request)
        }
    }

    /// `POST /items/{itemKey}/maintenance/{number}/delete` (version: the item's version the page
    /// showed): removes the entry only if the log is still as shown, so that a log changed
    /// meanwhile (its numbers shifted) never loses the wrong entry.
    func removeMaintenance(_ request: Request, key: String, number: String) async throws -> Response {
        let form = try await Self.form(of: request)
        guard let index = ItemRules.listNumber(parsing: number) else {
            throw HTTPError(.notFound, message: "There is no maintenance entry \(number.prefix(20)).")
        }
        var refusal: String?
        do {
            try await store.removeMaintenance(number: index, fromItem: key, ifVersion: form["version"].flatMap { $0.isEmpty ? nil : $0 })
        } catch let error as HomepwnerError where error.code == .versionMismatch {
            refusal = "This item changed elsewhere since the page was shown, so nothing was removed. Here is its log as it is now."
        } catch let error as HomepwnerError where error.code == .notFound {
            // The item is there, the entry is not: say so on its page; a missing item is a 404.
            guard (try? await store.item(key)) != nil else { throw error }
            refusal = Self.sentence(error.message)
        } catch let error as HomepwnerError where Self.isReadOnlyRefusal(error) {
            refusal = Self.formMessage(error)
        }
        guard let refusal else { return redirect(to: "/items/\(key)#maintenance") }
        var shown = MaintenanceFormModel()
        shown.error = refusal
        return await carrier.redirect(to: "/items/\(key)#maintenance", carrying: .maintenance(shown), request: request)
    }

    /// The log of `item` as its page shows it, with the add form (`form`: as typed after a
    /// refusal; else empty, dated today).
    static func maintenanceModel(_ item: Item, form: MaintenanceFormModel?, today: Date, dates: DateTexts) -> MaintenanceModel {
        let entries = (item.maintenance ?? []).enumerated().map { index, entry in
            MaintenanceModel.Row(
                number: index + 1, date: ItemRules.dayText(entry.date) ?? "", dateText: dates.day(entry.date),
                note: entry.note, costText: entry.cost.map(ItemRules.dollars), nextDueText: entry.nextDue.map(dates.day)
            )
        }
        var next: MaintenanceModel.Due?
        if let due = ItemRules.nextMaintenance(of: item), let day = ItemRules.dayText(due) {
            let days = ItemDashboard.days(from: today, to: due)
            next = .init(date: day, dateText: dates.day(due), overdue: days.map { $0 < 0 } ?? false, soon: days.map { $0 >= 0 && $0 <= ItemRules.maintenanceWindowDays } ?? false)
        }
        var dated = MaintenanceFormModel()
        dated.date = ItemRules.dayText(today) ?? ""
        return MaintenanceModel(entries: entries, hasEntries: !entries.isEmpty, next: next, form: form ?? dated)
    }
}

/// An item's maintenance log on its page.
struct MaintenanceModel: Sendable, Encodable {
    /// One entry.
    struct Row: Sendable, Encodable {
        var number: Int
        /// `YYYY-MM-DD` (empty when the date is not finite).
        var date: String
        var dateText: String
        var note: String
        var costText: String?
        var nextDueText: String?
    }

    /// When the item is next due.
    struct Due: Sendable, Encodable {
        var date: String
        var dateText: String
        var overdue: Bool
        var soon: Bool
    }

    var entries: [Row]
    var hasEntries: Bool
    var next: Due?
    var form: MaintenanceFormModel
}

/// The add form of a maintenance log: as typed, with its refusal.
struct MaintenanceFormModel: Sendable, Encodable {
    var date = ""
    var note = ""
    var cost = ""
    var nextDue = ""
    var error: String?

    init() {}

    /// The fields of a posted form, each cut to a little over its longest allowed value.
    init(typedIn form: HTMLForm) {
        date = String((form["date"] ?? "").prefix(20))
        note = String((form["note"] ?? "").prefix(ItemRules.maxMaintenanceNoteLength + 20))
        cost = String((form["cost"] ?? "").prefix(20))
        nextDue = String((form["nextDue"] ?? "").prefix(20))
    }
}
