import Foundation
import Homepwner
import OpenAPIRuntime
import WebSupport

/// An item's maintenance log (``Homepwner/MaintenanceEntry``): list, add, remove by number.
extension ItemsAPI {
    func listMaintenance(_ input: Operations.ListMaintenance.Input) async throws -> Operations.ListMaintenance.Output {
        let key = try ItemKey.parse(input.path.itemKey)
        let item = try await store.item(key)
        return .ok(.init(headers: .init(eTag: Representation.eTag(item.version)), body: .json(Self.maintenanceLog(item))))
    }

    func addMaintenance(_ input: Operations.AddMaintenance.Input) async throws -> Operations.AddMaintenance.Output {
        let key = try ItemKey.parse(input.path.itemKey)
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType("send the entry as application/json") }
        let ifMatch = RawRequestHeaders.value(.ifMatch, decoded: input.headers.ifMatch)
        try APIError.checkLength(ifMatch, of: "If-Match", max: 100)
        guard let date = try ItemRules.day(parsing: body.date, as: "a maintenance date") else {
            throw HomepwnerError(.invalidValue, "a maintenance entry needs the day the work was done, like 2024-03-15")
        }
        let nextDue = try body.nextDue.flatMap { try ItemRules.day(parsing: $0, as: "a next-due date") }
        // The entry's rule checks the cost's range (an Int64 beyond Int clamps, and is refused).
        let entry = try ItemRules.maintenanceEntry(date: date, note: body.note, cost: body.costInDollars.map { Int(clamping: $0) }, nextDue: nextDue)
        let version = try await expectedVersion(of: key, ifMatch: ifMatch)
        let item = try await store.addMaintenance(entry, toItem: key, ifVersion: version)
        var log = Self.maintenanceLog(item)
        log.added = Int64(ItemRules.maintenanceNumber(of: entry, in: item.maintenance ?? []))
        return .created(.init(headers: .init(eTag: Representation.eTag(item.version)), body: .json(log)))
    }

    func deleteMaintenance(_ input: Operations.DeleteMaintenance.Input) async throws -> Operations.DeleteMaintenance.Output {
        let key = try ItemKey.parse(input.path.itemKey)
        let ifMatch = RawRequestHeaders.value(.ifMatch, decoded: input.headers.ifMatch)
        try APIError.checkLength(ifMatch, of: "If-Match", max: 100)
        let text = input.path.number
        guard let number = ItemRules.listNumber(parsing: text) else {
            throw APIError.badRequest("an entry's number is a whole number from 1, as the log lists it, not \"\(text.prefix(20))\"")
        }
        let version = try await expectedVersion(of: key, ifMatch: ifMatch)
        let (item, _) = try await store.removeMaintenance(number: number, fromItem: key, ifVersion: version)
        return .ok(.init(headers: .init(eTag: Representation.eTag(item.version)), body: .json(Self.maintenanceLog(item))))
    }

    /// The JSON form of `item`'s log: each entry numbered, days as `YYYY-MM-DD` (null for a date
    /// that is not finite), and when the item is next due.
    static func maintenanceLog(_ item: Item) -> Components.Schemas.MaintenanceLog {
        let entries = (item.maintenance ?? []).enumerated().map { index, entry in
            Components.Schemas.MaintenanceEntry(
                number: Int64(index + 1), date: ItemRules.dayText(entry.date), note: entry.note,
                costInDollars: entry.cost.map(Int64.init), nextDue: entry.nextDue.flatMap(ItemRules.dayText)
            )
        }
        return .init(itemKey: item.itemKey, version: item.version, entries: entries, nextDue: ItemRules.nextMaintenance(of: item).flatMap(ItemRules.dayText))
    }
}
