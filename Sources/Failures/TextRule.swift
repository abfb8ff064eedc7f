import Foundation

/// The one rule for a piece of text a person types — an item's name, a creature's title, a
/// label, notes: trimmed of the white space around it, at most ``maxLength`` characters and at
/// most ``maxBytes`` bytes of UTF-8, with no control characters (as the app counts them). What
/// breaks it is refused as a ``CodedFailure`` of the app's code, with one sentence naming the
/// text ("a name can have at most 200 characters, not 250").
public struct TextRule: Sendable {
    /// The text as the messages name it: "a name", "a title".
    public var what: String
    /// The most characters it may have.
    public var maxLength: Int
    /// Whether it may break lines: `\n` and tab are then allowed, and `\r\n` and `\r` become `\n`.
    public var lineBreaks: Bool
    /// Which code points count as control characters in it.
    public var isControl: @Sendable (Unicode.Scalar) -> Bool

    /// A rule for the text `what`, of at most `maxLength` characters, refusing what `isControl`
    /// counts as a control character.
    public init(_ what: String, maxLength: Int, lineBreaks: Bool = false, isControl: @escaping @Sendable (Unicode.Scalar) -> Bool) {
        self.what = what
        self.maxLength = maxLength
        self.lineBreaks = lineBreaks
        self.isControl = isControl
    }

    /// The most bytes of UTF-8 it may have: 4 × ``maxLength``, what that many characters of one
    /// code point each can take. A character may hold any number of code points (`a` with
    /// 500,000 combining accents is one), so the character limit alone bounds nothing.
    public var maxBytes: Int { 4 * maxLength }

    /// `text` trimmed, if it keeps the rule; nil when nothing is left.
    ///
    /// - Throws: `CodedFailure(code, …)` saying which part of the rule it breaks.
    public func check<Code: FailureCode>(_ text: String, code: Code) throws -> String? {
        var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if lineBreaks, trimmed.utf8.contains(13) {
            trimmed = trimmed.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        guard !trimmed.isEmpty else { return nil }
        // Bytes first: counting the characters of a megabyte costs more than refusing it.
        guard trimmed.utf8.count <= maxBytes else {
            throw CodedFailure(code, "\(what) can have at most \(maxBytes) bytes of UTF-8, not \(trimmed.utf8.count)")
        }
        guard trimmed.count <= maxLength else {
            throw CodedFailure(code, "\(what) can have at most \(maxLength) characters, not \(trimmed.count)")
        }
        if let bad = trimmed.unicodeScalars.first(where: { isControl($0) && !(lineBreaks && ($0 == "\n" || $0 == "\t")) }) {
            throw CodedFailure(code, "\(what) cannot contain control characters (found \(Self.codePoint(bad)))")
        }
        return trimmed
    }

    /// `text` trimmed, if it keeps the rule and is not empty.
    ///
    /// - Throws: `CodedFailure(code, …)` saying which part of the rule it breaks ("a name
    ///   cannot be empty").
    public func require<Code: FailureCode>(_ text: String, code: Code) throws -> String {
        guard let kept = try check(text, code: code) else { throw CodedFailure(code, "\(what) cannot be empty") }
        return kept
    }

    /// What is wrong with `text` as read from disk (not trimmed: a required text that is only
    /// white space is empty), each as a phrase naming it `subject` ("the name is empty"); empty
    /// when nothing is. Never throws and never traps, whatever the text.
    public func problems(of text: String, named subject: String) -> [String] {
        var problems: [String] = []
        if text.unicodeScalars.allSatisfy(Self.isWhitespace) {
            problems.append("\(subject) is empty")
        } else if text.utf8.count > maxBytes {
            problems.append("\(subject) has \(text.utf8.count) bytes of UTF-8, more than \(maxBytes)")
        } else if text.utf8.count > maxLength, text.count > maxLength {
            // No more characters than bytes: only a text of more bytes than the limit needs counting.
            problems.append("\(subject) has \(text.count) characters, more than \(maxLength)")
        }
        if text.unicodeScalars.contains(where: isControl) {
            problems.append("\(subject) contains control characters")
        }
        return problems
    }

    /// Whether `scalar` is white space (Unicode's White_Space): ASCII answered at once, the rest
    /// from the character database.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    /// `scalar` as `U+` and at least four hex digits.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        "U+" + String(format: "%04X", scalar.value)
    }
}
