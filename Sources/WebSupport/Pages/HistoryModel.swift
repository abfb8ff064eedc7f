import DocumentStore
import Foundation

/// What a document's page shows of its history (the partial `history.mustache`): who added it,
/// who changed it last, and its last changes, newest first, each with who, when and what.
public struct HistoryModel: Sendable, Encodable {
    /// One change, as the page lists it.
    public struct Row: Sendable, Encodable {
        /// When, in words, in the server's time zone: `28 Nov 2026, 14:03 GMT`; `an unknown time` for a date that cannot be shown.
        public var whenText: String
        /// When, as an ISO 8601 instant for `<time datetime>`; empty for a date that cannot be shown.
        public var whenISO: String
        /// Who: the person's name, or `Someone without an account`.
        public var who: String
        /// Whether a person made it (their name is shown as a name).
        public var byPerson: Bool
        /// What: `added it`, `changed the name, the value and the location`.
        public var what: String
    }

    /// The person who added the document, when one did.
    public var createdBy: String?
    /// The person of its last change, when one made it.
    public var updatedBy: String?
    /// Whether either is named (the line that names them is left out otherwise).
    public var namesPeople: Bool
    /// Its changes, newest first (the last ``DocumentStore/ChangeHistory/limit``: a file from
    /// elsewhere may hold more).
    public var changes: [Row]

    /// The history of a document with `records` (oldest first, as kept), or nil when it has
    /// none (no person has changed it: the page then shows no history).
    ///
    /// - Parameters:
    ///   - label: a field's words after "the" (`value` for `valueInDollars`); a name it does not
    ///     know should come back as it is.
    ///   - timeZone: the zone the times are shown in.
    public init?(records: [ChangeRecord]?, createdBy: String?, updatedBy: String?, label: (String) -> String, timeZone: TimeZone = .current) {
        guard let records, !records.isEmpty else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "d MMM yyyy, HH:mm zzz"
        let instant = ISO8601DateFormatter()
        self.createdBy = createdBy
        self.updatedBy = updatedBy
        namesPeople = createdBy != nil || updatedBy != nil
        changes = records.suffix(ChangeHistory.limit).reversed().map { record in
            let seconds = record.date.timeIntervalSinceReferenceDate
            let showable = seconds.isFinite && abs(seconds) < 95_000_000_000
            return Row(
                whenText: showable ? formatter.string(from: record.date) : "an unknown time",
                whenISO: showable ? instant.string(from: record.date) : "",
                who: record.person ?? "Someone without an account",
                byPerson: record.person != nil,
                what: Self.what(record, label: label)
            )
        }
    }

    /// What a change did, in words.
    static func what(_ record: ChangeRecord, label: (String) -> String) -> String {
        switch record.action {
        case ChangeRecord.created: return "added it"
        case ChangeRecord.changed:
            let fields = record.fields.map { "the " + label($0) }
            guard let last = fields.last else { return "changed it" }
            return "changed " + (fields.count == 1 ? last : fields.dropLast().joined(separator: ", ") + " and " + last)
        default:
            return record.action.isEmpty ? "changed it" : String(record.action.unicodeScalars.prefix(80).map(Character.init))
        }
    }
}
