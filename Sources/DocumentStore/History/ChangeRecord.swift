import Foundation
import KeyedArchive

/// One change of a document, as its history keeps it: when, by whom, and which of its fields.
///
/// Archived inside the document (an item's `history`, a creature's `History`: an `NSArray`) as
/// an object of class `ChangeRecord` with the keys `date` (an `NSDate`), `person` (an `NSString`,
/// written only when the change had one), `action` (an `NSString`: ``created`` or ``changed``)
/// and `fields` (an `NSArray` of `NSString`s, the fields' names as the API spells them). The
/// 2014 and 2018 apps never decode those keys, so they still read the document.
///
/// Decoding is total: a key holding a well-formed value of another type reads as the default
/// (the reference date, no person, empty text, no fields) and is kept in ``otherFields`` with
/// every key this version does not know, to be written back as it was.
public struct ChangeRecord: Archivable, Sendable, Hashable {
    /// The Objective-C class name the records are archived under.
    public static let archiveClassName = "ChangeRecord"
    /// The ``action`` of the change that made the document.
    public static let created = "created"
    /// The ``action`` of a change of some of the document's fields.
    public static let changed = "changed"

    /// When the change was made.
    public var date: Date
    /// The name of the person who made it; nil when it was made without an account.
    public var person: String?
    /// What kind of change it was: ``created`` or ``changed`` (another value read from a file is kept as it is).
    public var action: String
    /// The fields it changed, by their names in the API, in the order the API lists them.
    public var fields: [String]
    /// Keys this version does not know, and known keys that held a value of another type, kept
    /// exactly as archived.
    public var otherFields: ArchivedFields

    /// A record of a change made at `date` by `person`.
    public init(date: Date, person: String?, action: String, fields: [String] = []) {
        self.date = date
        self.person = person
        self.action = action
        self.fields = fields
        self.otherFields = ArchivedFields()
    }

    /// The keys this model reads, in the order it writes them.
    static let knownKeys = ["date", "person", "action", "fields"]

    /// Writes `date`, `person` when set, `action` and `fields`, then the kept keys.
    public func encode(with coder: inout ArchiveEncoder) {
        coder.encode(date, forKey: "date")
        if let person { coder.encode(person, forKey: "person") }
        coder.encode(action, forKey: "action")
        coder.encode(fields, forKey: "fields")
        coder.encode(otherFields)
    }

    /// Reads the four keys (missing ones and values of another type take the defaults; those
    /// values are kept) and keeps every other key.
    ///
    /// - Throws: ``KeyedArchive/ArchiveError`` when a key reaches damage in the file's structure.
    public init(from coder: ArchiveDecoder) throws {
        // One pass over the record's keys (a history of thousands of records is read at every load).
        var reader = try TotalFieldReader(coder, keys: Self.knownKeys)
        date = reader.read(Date.self, 0, default: Date(timeIntervalSinceReferenceDate: 0))
        person = reader.optional(String.self, 1)
        action = reader.read(String.self, 2, default: "")
        fields = reader.read([String].self, 3, default: [])
        otherFields = try reader.keptFields(of: coder)
    }
}

/// How a document's history grows: the newest change last, at most ``limit`` changes.
public enum ChangeHistory {
    /// How many changes a document keeps: the oldest go as new ones come.
    public static let limit = 20

    /// `history` with `record` after it, its oldest changes dropped beyond ``limit``.
    public static func appending(_ record: ChangeRecord, to history: [ChangeRecord]?) -> [ChangeRecord] {
        var kept = history ?? []
        kept.append(record)
        if kept.count > limit { kept.removeFirst(kept.count - limit) }
        return kept
    }
}

/// A document that records who changed it: the person who added it, the person of its last
/// change, and its last changes (an item, a creature).
public protocol RecordsChanges {
    /// The person who added it; nil when it was added without an account.
    var createdBy: String? { get set }
    /// The person of its last change; nil when that change was made without an account.
    var updatedBy: String? { get set }
    /// Its last changes, oldest first; nil until a person first changes it.
    var history: [ChangeRecord]? { get set }
    /// The fields whose values differ between `old` and this document, by their API names.
    func changedFields(from old: Self) -> [String]
}

extension RecordsChanges {
    /// Records a change made at `date` by `person` (nil: without an account) of `fields`:
    /// `action` is ``ChangeRecord/created`` for the change that added the document.
    ///
    /// A change by a person names them in ``updatedBy`` (and, when it adds the document, in
    /// ``createdBy``) and joins the ``history``. A change without a person joins a history that
    /// has begun, and ``updatedBy`` is then cleared; a document no person has changed keeps no
    /// history, so data kept by one person without accounts stays as it was.
    public mutating func recordChange(_ action: String, fields: [String] = [], by person: String?, at date: Date) {
        guard person != nil || history != nil else { return }
        if ExactString.equal(action, ChangeRecord.created) { createdBy = person }
        updatedBy = person
        history = ChangeHistory.appending(ChangeRecord(date: date, person: person, action: action, fields: fields), to: history)
    }

    /// Records the change that made this document out of `old` (nothing when no field changed).
    public mutating func recordChange(from old: Self, by person: String?, at date: Date) {
        let fields = changedFields(from: old)
        guard !fields.isEmpty else { return }
        recordChange(ChangeRecord.changed, fields: fields, by: person, at: date)
    }
}
