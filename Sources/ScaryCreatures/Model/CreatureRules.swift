import Failures
import Foundation

/// The app's rules for what a creature may be called and how it may be rated.
public enum CreatureRules {
    /// The longest title, in characters.
    public static let maxTitleLength = 200
    /// The longest title in bytes of UTF-8: 4 × ``maxTitleLength``, what 200 characters of one
    /// code point each can take. A character may hold any number of code points (`a` with
    /// 500,000 combining accents is one), so the character limit alone bounds nothing.
    public static let maxTitleBytes = 4 * maxTitleLength

    /// `title` trimmed of surrounding white space, if it is 1–200 characters and at most 800
    /// bytes of UTF-8, with no control characters.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.invalidTitle` saying which rule it breaks.
    public static func title(_ title: String) throws -> String {
        try titleRule.require(title, code: ScaryCreaturesErrorCode.invalidTitle)
    }

    /// The rule for a title (``Failures/TextRule``): 1–200 characters, no control characters.
    static let titleRule = TextRule("a title", maxLength: maxTitleLength, isControl: isControl)

    /// `rating` as stored, if it is 0 to 5 in steps of 0.5 — never clamped or rounded.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.invalidRating`.
    public static func rating(_ rating: Double) throws -> Float {
        guard rating.isFinite, rating >= 0, rating <= 5, (rating * 2).rounded() == rating * 2 else {
            throw ScaryCreaturesError(.invalidRating, "a rating must be 0 to 5 in steps of 0.5, not \(rating)")
        }
        return Float(rating)
    }

    /// Whether `rating` is one a creature may have: 0 to 5 in steps of 0.5. Total: NaN, infinities
    /// and any other value read from disk are simply invalid.
    public static func isValidRating(_ rating: Float) -> Bool {
        rating.isFinite && rating >= 0 && rating <= 5 && (rating * 2).rounded() == rating * 2
    }

    /// What is wrong with a creature as read from disk; empty when nothing is. Never throws and
    /// never traps, whatever the values (NaN, 1e30, a megabyte of control characters): such a
    /// creature is listed with these problems, and renaming or rating it fixes them.
    public static func problems(title: String, rating: Float) -> [CreatureProblem] {
        var problems = titleRule.problems(of: title, named: "the title").map { CreatureProblem(field: .title, message: $0) }
        if !isValidRating(rating) {
            problems.append(CreatureProblem(field: .rating, message: "the rating \(rating) is not 0 to 5 in steps of 0.5"))
        }
        return problems
    }

    /// Whether `scalar` is a control character (general category Cc). Cc is U+0000–001F and
    /// U+007F–009F, a set Unicode's stability policy fixes forever: a range test, no table
    /// lookup per character.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The creature number `text` spells the one way a URL spells it — plain decimal, no sign,
    /// no leading zeros — so that one creature has one URL (`01` and `+1` are not creature 1);
    /// nil for anything else.
    public static func id(spelledAs text: some StringProtocol) -> Int? {
        let digits = text.utf8
        guard (1...18).contains(digits.count), digits.first != UInt8(ascii: "0"),
              digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }

    /// Parses a rating typed by a person ("3", "4.5").
    ///
    /// - Throws: ``ScaryCreaturesError`` `.invalidRating` for text that is not such a number.
    public static func rating(parsing text: String) throws -> Float {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)) else {
            throw ScaryCreaturesError(.invalidRating, "a rating must be a number from 0 to 5 in steps of 0.5, not \"\(text)\"")
        }
        return try rating(value)
    }
}

/// Something about a stored creature that breaks the rules: listed beside it, fixed by giving
/// the field a valid value.
public struct CreatureProblem: Sendable, Hashable, CustomStringConvertible {
    /// The field that breaks a rule.
    public enum Field: String, Sendable, Hashable {
        /// The title (fixed by renaming).
        case title
        /// The rating (fixed by rating again).
        case rating
    }

    /// Which field.
    public var field: Field
    /// What is wrong, as a phrase ("the rating nan is not 0 to 5 in steps of 0.5").
    public var message: String

    /// The message.
    public var description: String { message }
}
