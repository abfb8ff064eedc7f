import Failures
import Foundation
import KeyedArchive

/// The rules for an item's details (see ``Item``): every text has a limit in characters and,
/// at 4 bytes a character, in bytes of UTF-8; a text that is empty once trimmed means "not set"
/// (nil). A value breaking a rule throws ``HomepwnerError`` `.invalidValue` with one sentence.
extension ItemRules {
    /// What separates the levels of a location: " › " (U+203A).
    public static let locationSeparator = " › "
    /// The longest location, in characters (all its levels and separators).
    public static let maxLocationLength = 200
    /// The most levels a location can have.
    public static let maxLocationLevels = 10
    /// The most labels an item can have.
    public static let maxLabels = 50
    /// The longest label, in characters.
    public static let maxLabelLength = 40
    /// The largest quantity.
    public static let maxQuantity = 1_000_000
    /// The longest place of purchase, in characters.
    public static let maxPurchasedFromLength = 200
    /// The longest model name, and the longest manufacturer, in characters.
    public static let maxModelLength = 100
    /// The longest warranty notes, in characters.
    public static let maxWarrantyNotesLength = 2_000
    /// The longest notes, in characters.
    public static let maxNotesLength = 10_000
    /// The earliest purchase date or warranty end: 1900-01-01 00:00 UTC.
    public static let earliestDate = Date(timeIntervalSinceReferenceDate: -3_187_296_000)
    /// The first instant after the latest purchase date or warranty end: 2200-01-01 00:00 UTC.
    public static let endOfDates = Date(timeIntervalSinceReferenceDate: 6_279_811_200)

    /// `location` as levels joined by " › ": split at each "›" or ">" (what keyboards have:
    /// `House > Garage` is `House › Garage`, ``locationLevels(_:)``), each level trimmed of white
    /// space; nil when it is empty. At most 200 characters and 800 bytes once joined, at most
    /// 10 levels, none empty, no control characters.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` saying which rule it breaks.
    public static func location(_ location: String) throws -> String? {
        // Before splitting: twice the limit leaves room for white space the levels lose.
        guard location.utf8.count <= 8 * maxLocationLength else {
            throw HomepwnerError(.invalidValue, "a location can have at most \(4 * maxLocationLength) bytes of UTF-8, not \(location.utf8.count)")
        }
        let levels = locationLevels(location)
        if levels.allSatisfy(\.isEmpty) { return nil }
        guard !levels.contains(where: \.isEmpty) else {
            throw HomepwnerError(.invalidValue, "a location cannot have an empty level (levels are separated by \"›\" or \">\")")
        }
        guard levels.count <= maxLocationLevels else {
            throw HomepwnerError(.invalidValue, "a location can have at most \(maxLocationLevels) levels, not \(levels.count)")
        }
        let joined = levels.joined(separator: locationSeparator)
        return try checkedText(joined, as: "a location", maxLength: maxLocationLength, lineBreaks: false)
    }

    /// A location's levels, split at each "›" and each ">" and trimmed of white space ("House >
    /// Garage" and "House › Garage" → "House", "Garage"): how a location typed is stored and how
    /// a stored one (from anywhere) is filtered and grouped.
    public static func locationLevels(_ location: String) -> [String] {
        location.split(omittingEmptySubsequences: false) { $0 == "\u{203A}" || $0 == ">" }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// `labels` trimmed, without empty ones and without repeats (by code point, the first
    /// kept); nil when none is left. At most 50 labels of at most 40 characters and 160 bytes
    /// each, no control characters.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue`.
    public static func labels(_ labels: [String]) throws -> [String]? {
        var kept: [String] = []
        var seen: Set<PropertyListKey> = []
        for label in labels {
            guard let text = try checkedText(label, as: "a label", maxLength: maxLabelLength, lineBreaks: false) else { continue }
            guard seen.insert(PropertyListKey(text)).inserted else { continue }
            guard kept.count < maxLabels else {
                throw HomepwnerError(.invalidValue, "an item can have at most \(maxLabels) labels")
            }
            kept.append(text)
        }
        return kept.isEmpty ? nil : kept
    }

    /// `quantity` if it is 1 to 1,000,000.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue`.
    public static func quantity(_ quantity: Int) throws -> Int {
        guard (1...maxQuantity).contains(quantity) else {
            throw HomepwnerError(.invalidValue, "a quantity must be 1 to 1,000,000, not \(quantity)")
        }
        return quantity
    }

    /// `price` if it is 0 to 1,000,000,000 whole dollars, like a value.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue`.
    public static func pricePaid(_ price: Int) throws -> Int {
        try wholeDollars(price, as: "a price paid")
    }

    /// `date` if it is from 1900-01-01 to the end of 2199 (UTC); `what` names it in the message
    /// ("a purchase date").
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue`.
    public static func detailDate(_ date: Date, as what: String) throws -> Date {
        let seconds = date.timeIntervalSinceReferenceDate
        guard seconds.isFinite, date >= earliestDate, date < endOfDates else {
            // Formatters trap on dates far out of range: those are shown as seconds.
            let shown = seconds.isFinite && abs(seconds) < 1e14 ? ItemCSV.dateText(date) : "\(seconds) seconds from 2001-01-01"
            throw HomepwnerError(.invalidValue, "\(what) must be from 1900-01-01 to 2199-12-31, not \(shown)")
        }
        return date
    }

    /// `text` trimmed; nil when empty. At most 200 characters and 800 bytes, no control characters.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue`.
    public static func purchasedFrom(_ text: String) throws -> String? {
        try checkedText(text, as: "a place of purchase", maxLength: maxPurchasedFromLength, lineBreaks: false)
    }

    /// `text` trimmed; nil when empty. At most 100 characters and 400 bytes, no control characters.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue`.
    public static func modelName(_ text: String) throws -> String? {
        try checkedText(text, as: "a model name", maxLength: maxModelLength, lineBreaks: false)
    }

    /// `text` trimmed; nil when empty. At most 100 characters and 400 bytes, no control characters.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue`.
    public static func manufacturer(_ text: String) throws -> String? {
        try checkedText(text, as: "a manufacturer", maxLength: maxModelLength, lineBreaks: false)
    }

    /// `text` trimmed, line breaks as LF (CR LF and CR become LF); nil when empty. At most 2,000
    /// characters and 8,000 bytes; of the control characters only line feeds and tabs.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue`.
    public static func warrantyNotes(_ text: String) throws -> String? {
        try checkedText(text, as: "warranty notes", maxLength: maxWarrantyNotesLength, lineBreaks: true)
    }

    /// `text` trimmed, line breaks as LF (CR LF and CR become LF); nil when empty. At most
    /// 10,000 characters and 40,000 bytes; of the control characters only line feeds and tabs.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue`.
    public static func notes(_ text: String) throws -> String? {
        try checkedText(text, as: "notes", maxLength: maxNotesLength, lineBreaks: true)
    }

    /// The one text rule of the details: trimmed (nil when empty), bytes checked before
    /// characters (4 bytes a character), no control characters but, where `lineBreaks`, LF and tab.
    static func checkedText(_ text: String, as what: String, maxLength: Int, lineBreaks: Bool) throws -> String? {
        try TextRule(what, maxLength: maxLength, lineBreaks: lineBreaks, isControl: isControl).check(text, code: HomepwnerErrorCode.invalidValue)
    }

    /// What is wrong with the details of an item read from disk, each in its rule's words.
    static func detailProblems(of item: Item) -> [ItemProblem] {
        var problems: [ItemProblem] = []
        func check(_ field: ItemProblem.Field, _ rule: () throws -> Void) {
            do { try rule() } catch let error as HomepwnerError {
                problems.append(ItemProblem(field: field, message: error.message))
            } catch {}
        }
        if let text = item.location { check(.location) { _ = try location(text) } }
        if let list = item.labels { check(.labels) { _ = try labels(list) } }
        if let number = item.quantity { check(.quantity) { _ = try quantity(number) } }
        if let date = item.purchaseDate { check(.purchaseDate) { _ = try detailDate(date, as: "a purchase date") } }
        if let price = item.pricePaid { check(.pricePaid) { _ = try pricePaid(price) } }
        if let text = item.purchasedFrom { check(.purchasedFrom) { _ = try purchasedFrom(text) } }
        if let date = item.warrantyEnds { check(.warrantyEnds) { _ = try detailDate(date, as: "a warranty end") } }
        if let text = item.warrantyNotes { check(.warrantyNotes) { _ = try warrantyNotes(text) } }
        if let text = item.notes { check(.notes) { _ = try notes(text) } }
        if let text = item.modelName { check(.modelName) { _ = try modelName(text) } }
        if let text = item.manufacturer { check(.manufacturer) { _ = try manufacturer(text) } }
        if let log = item.maintenance { problems += maintenanceProblems(of: log) }
        if let fields = item.customFields { problems += customFieldProblems(of: fields) }
        if let date = item.archivedDate { check(.archivedDate) { _ = try detailDate(date, as: "an archive date") } }
        return problems
    }
}
