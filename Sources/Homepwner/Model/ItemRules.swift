import Failures
import Foundation

/// The app's rules for an item's fields — the one place each is decided, for the CLI, the web
/// app and `check` alike.
public enum ItemRules {
    /// `value` as people read dollars: `$1,234,567`, with thousands commas (a negative value,
    /// which the rules refuse but a file from elsewhere may hold, as `-$5`); what the pages and
    /// the CLI show.
    public static func dollars(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-$" : "$") + grouped
    }

    /// What one of `item` is worth when it is more than one: "3 × $500 each"; nil for a
    /// quantity of one (unset), where its value is its total.
    public static func eachText(of item: Item) -> String? {
        guard isSeveral(item), let quantity = item.quantity else { return nil }
        return "\(quantity.formatted()) × \(dollars(item.valueInDollars)) each"
    }

    /// Whether `item` is more (or other) than one thing: its quantity is set and is not 1, so its
    /// total is not its value.
    public static func isSeveral(_ item: Item) -> Bool {
        item.quantity.map { $0 != 1 } ?? false
    }

    /// The longest name, in characters.
    public static let maxNameLength = 200
    /// The largest value, in whole dollars.
    public static let maxValue = 1_000_000_000
    /// The longest serial number, in characters.
    public static let maxSerialNumberLength = 64
    /// The longest name in bytes of UTF-8: 4 × ``maxNameLength``, what 200 characters of one
    /// code point each can take. A character may hold any number of code points (`a` with
    /// 500,000 combining accents is one), so the character limit alone bounds nothing.
    public static let maxNameBytes = 4 * maxNameLength
    /// The longest serial number in bytes of UTF-8: 4 × ``maxSerialNumberLength``.
    public static let maxSerialNumberBytes = 4 * maxSerialNumberLength

    /// `name` trimmed of surrounding white space, if it is 1–200 characters and at most 800
    /// bytes of UTF-8, with no control characters.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidName` saying which rule it breaks.
    public static func name(_ name: String) throws -> String {
        try nameRule.require(name, code: HomepwnerErrorCode.invalidName)
    }

    /// The rule for a name (``Failures/TextRule``): 1–200 characters, no control characters.
    static let nameRule = TextRule("a name", maxLength: maxNameLength, isControl: isControl)

    /// `value` if it is 0 to 1,000,000,000 whole dollars.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue`.
    public static func value(_ value: Int) throws -> Int {
        try wholeDollars(value, as: "a value")
    }

    /// `amount` if it is 0 to 1,000,000,000 whole dollars (a value, a price paid); `what` names
    /// it in the message.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue`.
    static func wholeDollars(_ amount: Int, as what: String) throws -> Int {
        guard (0...maxValue).contains(amount) else {
            throw HomepwnerError(.invalidValue, "\(what) must be 0 to 1,000,000,000 whole dollars, not \(amount)")
        }
        return amount
    }

    /// Parses a value typed by a person: whole dollars, optionally with a leading `$` and
    /// thousands commas ("1200", "$1,200").
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` for anything else or a value out of range.
    public static func value(parsing text: String) throws -> Int {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        if digits.first == "$" { digits = digits.dropFirst() }
        let plain = digits.filter { $0 != "," }
        guard !plain.isEmpty, plain.count <= 13, plain.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(plain) else {
            throw HomepwnerError(.invalidValue, "a value must be a whole number of dollars from 0 to 1,000,000,000, not \"\(text)\"")
        }
        return try value(number)
    }

    /// `serial` trimmed of surrounding white space, if it has at most 64 characters and 256 bytes
    /// of UTF-8, all of which print (letters, digits, punctuation, symbols, spaces). Empty is
    /// allowed.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidSerialNumber`.
    public static func serialNumber(_ serial: String) throws -> String {
        let trimmed = serial.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= maxSerialNumberBytes else {
            throw HomepwnerError(.invalidSerialNumber, "a serial number can have at most \(maxSerialNumberBytes) bytes of UTF-8, not \(trimmed.utf8.count)")
        }
        guard trimmed.count <= maxSerialNumberLength else {
            throw HomepwnerError(.invalidSerialNumber, "a serial number can have at most \(maxSerialNumberLength) characters, not \(trimmed.count)")
        }
        if let bad = trimmed.unicodeScalars.first(where: { !isPrintable($0) }) {
            throw HomepwnerError(.invalidSerialNumber, "a serial number can only have printable characters (found \(codePoint(bad)))")
        }
        return trimmed
    }

    /// Whether `key` may name a photo file: a UUID string (36 characters, hex digits and dashes),
    /// so a key read from a hostile archive can never reach outside the data folder.
    public static func isValidKey(_ key: String) -> Bool {
        key.utf8.count == 36 && UUID(uuidString: key) != nil
    }

    /// What is wrong with an item as read from disk; empty when nothing is. Never throws and
    /// never traps, whatever the values.
    public static func problems(of item: Item) -> [ItemProblem] {
        var problems: [ItemProblem] = []
        for key in item.unreadableFields {
            problems.append(ItemProblem(field: ItemProblem.Field(archiveKey: key), message: "\(key) holds a value of another type; it is kept as it is until this field is set"))
        }
        problems += nameRule.problems(of: item.itemName, named: "the name").map { ItemProblem(field: .name, message: $0) }
        if !(0...maxValue).contains(item.valueInDollars) {
            problems.append(ItemProblem(field: .value, message: "the value \(item.valueInDollars) is not 0 to 1,000,000,000 dollars"))
        }
        if item.serialNumber.utf8.count > maxSerialNumberBytes {
            problems.append(ItemProblem(field: .serialNumber, message: "the serial number has \(item.serialNumber.utf8.count) bytes of UTF-8, more than \(maxSerialNumberBytes)"))
        } else if item.serialNumber.count > maxSerialNumberLength {
            problems.append(ItemProblem(field: .serialNumber, message: "the serial number has \(item.serialNumber.count) characters, more than \(maxSerialNumberLength)"))
        } else if !item.serialNumber.unicodeScalars.allSatisfy(isPrintable) {
            problems.append(ItemProblem(field: .serialNumber, message: "the serial number contains characters that do not print"))
        }
        if !isValidKey(item.itemKey) {
            problems.append(ItemProblem(field: .key, message: "the item key is not a UUID, so the item cannot have a photo"))
        }
        if !item.dateCreated.timeIntervalSinceReferenceDate.isFinite {
            problems.append(ItemProblem(field: .dateCreated, message: "the date created is not a finite date"))
        }
        if item.hasDetails { problems += detailProblems(of: item) }
        return problems
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: scalar.properties.generalCategory == .control
        }
    }

    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: false
        default: true
        }
    }

    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        TextRule.codePoint(scalar)
    }
}
