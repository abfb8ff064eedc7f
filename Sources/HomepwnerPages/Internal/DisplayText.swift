import Foundation

/// How values read on the pages: dates in words (dollars are ``Homepwner/ItemRules/dollars(_:)``).
enum DisplayText {
    /// Whether `date` can be shown: a finite instant within ±3,000 years of 2001 (an archive
    /// from elsewhere may hold any double).
    static func isShowable(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSinceReferenceDate
        return seconds.isFinite && abs(seconds) < 95_000_000_000
    }
}

/// Dates as the pages show them, with one pair of formatters for many dates: making a
/// formatter costs more than formatting a hundred dates with it (a page of 10,000 items spent
/// most of its time making them).
struct DateTexts {
    private let dayFormatter = DateFormatter()
    private let instantFormatter = ISO8601DateFormatter()

    /// Formatters for days in `timeZone`.
    init(timeZone: TimeZone = .current) {
        dayFormatter.locale = Locale(identifier: "en_US_POSIX")
        dayFormatter.timeZone = timeZone
        dayFormatter.dateFormat = "d MMM yyyy"
        instantFormatter.formatOptions = [.withInternetDateTime]
    }

    /// `date` as `23 Nov 2026`; `unknown` for a date that cannot be shown.
    func day(_ date: Date) -> String {
        DisplayText.isShowable(date) ? dayFormatter.string(from: date) : "unknown"
    }

    /// `date` as an ISO 8601 instant; empty for a date that cannot be shown.
    func instant(_ date: Date) -> String {
        DisplayText.isShowable(date) ? instantFormatter.string(from: date) : ""
    }
}
