import Foundation

extension ItemCSV {
    /// The UTF-8 byte order mark: with it, Excel opens a CSV file as UTF-8 (without it, as the
    /// system's legacy code page, and "éclair 😀" is garbled).
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The CSV file of `items` as bytes: UTF-8, after a byte order mark when `byteOrderMark`
    /// (for Excel; other programs, and ``CSVTable``, read it either way).
    public static func data(_ items: [Item], byteOrderMark: Bool, hasPhoto: (Item) -> Bool = { _ in false }) -> Data {
        var data = Data(byteOrderMark ? Self.byteOrderMark : [])
        data.append(contentsOf: csv(items, hasPhoto: hasPhoto).utf8)
        return data
    }

    /// A cell's text as ``safeText(_:)`` was given it: its leading apostrophe taken off again
    /// when what follows would be a formula (and only then, so an apostrophe typed before
    /// anything else is kept).
    public static func unsafeText(_ text: String) -> String {
        guard text.hasPrefix("'"), let second = text.unicodeScalars.dropFirst().first, "=+-@\t\r".unicodeScalars.contains(second) else { return text }
        return String(text.dropFirst())
    }

    /// The date of a cell the export wrote (``dateText(_:)``: ISO 8601 in UTC with milliseconds,
    /// or without them); nil for anything else.
    public static func date(parsing text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(trimmed) { return date }
        return try? Date.ISO8601FormatStyle().parse(trimmed)
    }
}
