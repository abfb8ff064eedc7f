import Foundation
import KeyedArchive

/// Details as people type them (the CLI's options, the pages' fields, the API's days): the
/// purchase date and the warranty end as a day, `YYYY-MM-DD`, meaning midnight UTC; a quantity
/// and a price as digits. Parsing only: the ranges are the rules' (``ItemRules``), checked when
/// the change is applied.
extension ItemRules {
    /// A quantity typed as plain digits; an empty text is 1 (what an unset quantity means, so
    /// it clears the detail).
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` for anything else.
    public static func quantity(parsing text: String) throws -> Int {
        let digits = text.trimmingCharacters(in: .whitespaces)
        if digits.isEmpty { return 1 }
        guard digits.utf8.count <= 8, digits.utf8.allSatisfy({ (48...57).contains($0) }), let number = Int(digits) else {
            throw HomepwnerError(.invalidValue, "a quantity must be a whole number from 1 to 1,000,000, not \"\(text.prefix(40))\"")
        }
        return number
    }

    /// A price typed as a value is (`1200`, `$1,200`); nil for an empty text (clear the price).
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` for anything else.
    public static func pricePaid(parsing text: String) throws -> Int? {
        try dollars(parsing: text, as: "a price paid")
    }

    /// An amount typed as a value is (`1200`, `$1,200`), named `what` in the message ("a
    /// maintenance cost"); nil for an empty text.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` for anything else.
    public static func dollars(parsing text: String, as what: String) throws -> Int? {
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
        do {
            return try value(parsing: text)
        } catch {
            throw HomepwnerError(.invalidValue, "\(what) must be a whole number of dollars from 0 to 1,000,000,000, not \"\(text.prefix(40))\"")
        }
    }

    /// Midnight UTC of the `YYYY-MM-DD` day in `text` (white space around it ignored); nil for
    /// an empty text (clear the date). `what` names the date in the message ("a purchase date").
    /// The range (1900–2199) is checked by ``detailDate(_:as:)`` when the change is applied.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` for anything that is not such a day
    ///   (2024-02-30 included).
    public static func day(parsing text: String, as what: String) throws -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        guard trimmed.utf8.count == 10, let date = formatter.date(from: trimmed),
              ExactString.equal(formatter.string(from: date), trimmed)
        else {
            throw HomepwnerError(.invalidValue, "\(what) must be a date like 2024-03-15, not \"\(text.prefix(40))\"")
        }
        return date
    }

    /// The UTC day of `date` as `YYYY-MM-DD`; nil for a date that is not finite or is further
    /// than about 3,000 years from 2001 (formatters trap far out of range).
    public static func dayText(_ date: Date) -> String? {
        let seconds = date.timeIntervalSinceReferenceDate
        guard seconds.isFinite, abs(seconds) < 9e10 else { return nil }
        return date.formatted(dayStyle)
    }

    private static let dayStyle = Date.ISO8601FormatStyle().year().month().day()

    /// A number in one of an item's lists (a maintenance entry's, a photo's) as typed or sent:
    /// 1 to 6 ASCII digits, from 1, checked before any conversion; nil for anything else.
    public static func listNumber(parsing text: String) -> Int? {
        guard (1...6).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }), let number = Int(text), number >= 1 else { return nil }
        return number
    }
}
