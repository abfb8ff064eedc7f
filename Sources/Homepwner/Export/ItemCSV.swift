import Foundation

/// The inventory as CSV (RFC 4180: CRLF line ends, fields with a comma, quote, CR or LF quoted,
/// quotes doubled), safe to open in a spreadsheet.
///
/// Formula injection: a text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
/// return would be run as a formula by Excel, LibreOffice or Sheets, so it gets a leading
/// apostrophe (`'=cmd|…` shows as text), as OWASP recommends. Numbers and dates are written by
/// us and never start with those characters.
public enum ItemCSV {
    /// The header row's fields: the 2014 fields and the photo first (as before details existed),
    /// then one column per detail, in ``Item/detailKeys`` order (``Column``).
    public static let header = Column.allCases.map(\.rawValue)

    /// The details' columns. A detail that is not set is an empty cell (the quantity then 1,
    /// what an unset quantity means); labels are joined by ``labelSeparator``; days are
    /// `YYYY-MM-DD` in UTC.
    public static let detailHeader = Array(header.dropFirst(6))

    /// What joins an item's labels in one cell.
    public static let labelSeparator = "; "

    /// The CSV text of `items`, header first; `hasPhoto` says whether an item has a photo. After
    /// the fixed columns (``header``), one column per field of the items' own (`Field: Colour`),
    /// in the order the names first appear; an item without that field has an empty cell.
    public static func csv(_ items: [Item], hasPhoto: (Item) -> Bool = { _ in false }) -> String {
        let fields = customFieldNames(of: items)
        var text = row(header + fields.map { customFieldPrefix + $0 })
        for item in items {
            let photo = hasPhoto(item)
            text += row(Column.allCases.map { $0.cell(of: item, hasPhoto: photo) } + fields.map { safeText(customFieldValue($0, of: item)) })
        }
        return text
    }

    /// A date as ISO 8601 in UTC with milliseconds ("2014-03-02T10:15:30.250Z"); text for
    /// a date that is not finite.
    public static func dateText(_ date: Date) -> String {
        guard date.timeIntervalSinceReferenceDate.isFinite, abs(date.timeIntervalSince1970) < 1e14 else { return "invalid date" }
        return dateStyle.format(date)
    }

    private static let dateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// `text` with a leading apostrophe when a spreadsheet would take it for a formula.
    public static func safeText(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    /// One CSV record, CRLF-terminated.
    static func row(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",") + "\r\n"
    }

    static func quoted(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
