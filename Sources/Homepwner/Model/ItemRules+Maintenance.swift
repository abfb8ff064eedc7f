import Foundation

/// The rules of an item's maintenance log (see ``MaintenanceEntry``).
extension ItemRules {
    /// The most entries one item's log can have.
    public static let maxMaintenanceEntries = 500
    /// The longest note of an entry, in characters.
    public static let maxMaintenanceNoteLength = 2_000
    /// How many days ahead a next-due date counts as "due soon".
    public static let maintenanceWindowDays = 30

    /// An entry checked by the rules: both days from 1900 to 2199, the next one not before the
    /// work's; the note trimmed, not empty, at most 2,000 characters (line breaks kept as LF);
    /// the cost whole dollars from 0 to 1,000,000,000.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` for the first rule broken.
    public static func maintenanceEntry(date: Date, note: String, cost: Int?, nextDue: Date?) throws -> MaintenanceEntry {
        let day = try detailDate(date, as: "a maintenance date")
        guard let text = try checkedText(note, as: "a maintenance note", maxLength: maxMaintenanceNoteLength, lineBreaks: true) else {
            throw HomepwnerError(.invalidValue, "a maintenance entry needs a note saying what was done")
        }
        let dollars = try cost.map { try wholeDollars($0, as: "a maintenance cost") }
        let next = try nextDue.map { try detailDate($0, as: "a next-due date") }
        if let next, next < day {
            throw HomepwnerError(.invalidValue, "the next-due date \(dayText(next) ?? "") is before the work's date \(dayText(day) ?? "")")
        }
        return MaintenanceEntry(date: day, note: text, cost: dollars, nextDue: next)
    }

    /// Where `entry` goes in `log` (oldest first): after every entry of its day or earlier, so
    /// that entries of one day stay in the order they were added.
    public static func maintenanceIndex(for entry: MaintenanceEntry, in log: [MaintenanceEntry]) -> Int {
        (log.lastIndex { $0.date <= entry.date } ?? -1) + 1
    }

    /// The number (from 1) of `entry` just added to `log`: the last entry of its day or earlier.
    public static func maintenanceNumber(of entry: MaintenanceEntry, in log: [MaintenanceEntry]) -> Int {
        max(1, maintenanceIndex(for: entry, in: log))
    }

    /// When the item is next due for maintenance: the next-due date of its latest entry (the
    /// last work done says when it is due again); nil when the latest entry gives none, or the
    /// item has no log. A date that is not finite counts as none.
    public static func nextMaintenance(of item: Item) -> Date? {
        guard let latest = item.maintenance?.last, let next = latest.nextDue, next.timeIntervalSinceReferenceDate.isFinite else { return nil }
        return next
    }

    /// What is wrong with a maintenance log read from disk, each in its rule's words.
    static func maintenanceProblems(of log: [MaintenanceEntry]) -> [ItemProblem] {
        var problems: [ItemProblem] = []
        if log.count > maxMaintenanceEntries {
            problems.append(ItemProblem(field: .maintenance, message: "a maintenance log of \(log.count) entries is more than \(maxMaintenanceEntries)"))
        }
        for (index, entry) in log.enumerated() {
            do {
                _ = try maintenanceEntry(date: entry.date, note: entry.note, cost: entry.cost, nextDue: entry.nextDue)
            } catch let error as HomepwnerError {
                problems.append(ItemProblem(field: .maintenance, message: "maintenance entry \(index + 1): \(error.message)"))
            } catch {}
        }
        return problems
    }
}
