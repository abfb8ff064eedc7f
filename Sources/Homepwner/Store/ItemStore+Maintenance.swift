import Foundation

extension ItemStore {
    /// What the store's clock says now (the system's, or the one a test gave the store): the
    /// moment the pages' "today" and the dashboard are worked out for.
    public nonisolated func currentDate() -> Date {
        now()
    }

    /// Adds `entry` to the maintenance log of the item with `key`, after every entry of its day
    /// or earlier (the log stays oldest first), only if the item is still at `version` (nil:
    /// any version); returns the item once durably saved.
    ///
    /// The entry is checked by ``ItemRules/maintenanceEntry(date:note:cost:nextDue:)`` first.
    /// - Throws: ``HomepwnerError`` `.invalidValue` for an entry breaking a rule or a log that
    ///   already has ``ItemRules/maxMaintenanceEntries`` entries (nothing saved),
    ///   `.versionMismatch`, `.notFound`, `.damagedArchive`, `.newerModel`, `.storage`.
    @discardableResult
    public func addMaintenance(_ entry: MaintenanceEntry, toItem key: String, ifVersion version: String? = nil) async throws -> Item {
        let checked = try ItemRules.maintenanceEntry(date: entry.date, note: entry.note, cost: entry.cost, nextDue: entry.nextDue)
        return try await changeItem(key, ifVersion: version) { item in
            var log = item.maintenance ?? []
            guard log.count < ItemRules.maxMaintenanceEntries else {
                throw HomepwnerError(.invalidValue, "item \(item.itemKey) already has \(log.count) maintenance entries, the most an item can have; remove one first")
            }
            log.insert(checked, at: ItemRules.maintenanceIndex(for: checked, in: log))
            item.maintenance = log
        }.item
    }

    /// Removes entry `number` (from 1, oldest first, as listed) from the maintenance log of the
    /// item with `key`, only if the item is still at `version` (nil: any version); returns the
    /// item once durably saved and the entry removed. The last entry removed leaves no log.
    ///
    /// - Throws: ``HomepwnerError`` `.notFound` for an item or an entry that is not there,
    ///   `.versionMismatch`, `.damagedArchive`, `.newerModel`, `.storage`.
    @discardableResult
    public func removeMaintenance(number: Int, fromItem key: String, ifVersion version: String? = nil) async throws -> (item: Item, removed: MaintenanceEntry) {
        let (item, removed) = try await changeItem(key, ifVersion: version) { item in
            var log = item.maintenance ?? []
            guard number >= 1, number <= log.count else {
                let has = log.isEmpty ? "it has none" : "it has \(log.count)"
                throw HomepwnerError(.notFound, "item \(item.itemKey) has no maintenance entry \(number); \(has)")
            }
            let removed = log.remove(at: number - 1)
            item.maintenance = log.isEmpty ? nil : log
            return removed
        }
        return (item, removed)
    }
}
