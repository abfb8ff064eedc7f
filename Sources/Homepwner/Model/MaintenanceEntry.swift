import Foundation
import KeyedArchive

/// One entry of an item's maintenance log: what was done on which day, what it cost, and when
/// it is due again.
///
/// Archived inside the item (``Item/maintenance``, the `BNRItem` key `maintenance`: an `NSArray`)
/// as an object of class `HPMaintenanceEntry` with the keys `date` and `nextDue` (`NSDate`s, at
/// midnight UTC of their day), `note` (an `NSString`) and `cost` (an inline integer, whole
/// dollars), the last two written only when set. The 2014 app never decodes the key, so it
/// still reads the item.
///
/// Decoding is total, as ``Item``'s: a key holding a well-formed value of another type reads as
/// the default (the reference date, empty text, not set), is named in ``unreadableFields`` and
/// kept in ``otherFields``; keys this version does not know are kept and written back.
public struct MaintenanceEntry: Archivable, Sendable, Hashable, KeepsUnreadFields {
    /// The Objective-C class name the entries are archived under.
    public static let archiveClassName = "HPMaintenanceEntry"

    /// The day the work was done (midnight UTC).
    public var date: Date { didSet { replaceKept("date") } }
    /// What was done (one line or several).
    public var note: String { didSet { replaceKept("note") } }
    /// What it cost, in whole dollars; nil when not given.
    public var cost: Int? { didSet { replaceKept("cost") } }
    /// When it is due again (midnight UTC); nil when it need not be done again.
    public var nextDue: Date? { didSet { replaceKept("nextDue") } }
    /// Keys this version does not know, and known keys that held a value of another type.
    public var otherFields: ArchivedFields
    /// The known keys that held a value of another type when read (not archived).
    public var unreadableFields: [String]

    /// Creates an entry without checking the rules (see ``ItemRules/maintenanceEntry(date:note:cost:nextDue:)``).
    public init(date: Date, note: String, cost: Int? = nil, nextDue: Date? = nil) {
        self.date = date
        self.note = note
        self.cost = cost
        self.nextDue = nextDue
        self.otherFields = ArchivedFields()
        self.unreadableFields = []
    }

    /// The entry in one line, as the CSV export and the report write it:
    /// `2026-03-01: New filter ($30; next due 2026-09-01)` (a day that cannot be written is
    /// `invalid date`; line breaks in the note are kept).
    public var summary: String {
        var extras: [String] = []
        if let cost { extras.append(ItemRules.dollars(cost)) }
        if let nextDue { extras.append("next due \(ItemRules.dayText(nextDue) ?? "invalid date")") }
        let tail = extras.isEmpty ? "" : " (\(extras.joined(separator: "; ")))"
        return "\(ItemRules.dayText(date) ?? "invalid date"): \(note)\(tail)"
    }

    /// The keys this model reads, in the order it writes them.
    static let knownKeys = ["date", "note", "cost", "nextDue"]

    /// Writes `date` and `note`, then `cost` and `nextDue` when set, then the kept keys.
    public func encode(with coder: inout ArchiveEncoder) {
        coder.encode(date, forKey: "date")
        coder.encode(note, forKey: "note")
        if let cost { coder.encode(cost, forKey: "cost") }
        if let nextDue { coder.encode(nextDue, forKey: "nextDue") }
        coder.encode(otherFields)
    }

    /// Reads the four keys (missing ones take defaults; a value of another type too, named in
    /// ``unreadableFields`` and kept) and keeps every other key.
    ///
    /// - Throws: ``KeyedArchive/ArchiveError`` when a key reaches damage in the file's structure.
    public init(from coder: ArchiveDecoder) throws {
        var fields = try TotalFieldReader(coder, keys: Self.knownKeys)
        date = fields.read(Date.self, 0, default: Date(timeIntervalSinceReferenceDate: 0))
        note = fields.read(String.self, 1, default: "")
        cost = fields.optional(Int.self, 2)
        nextDue = fields.optional(Date.self, 3)
        otherFields = try fields.keptFields(of: coder)
        unreadableFields = fields.unreadable
    }
}
