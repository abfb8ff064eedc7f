import Foundation

/// The app's rules for what a creature may be called and how it may be rated.
public enum CreatureRules {
    /// The longest title, in characters.
    public static let maxTitleLength = 200

    /// `title` trimmed of surrounding white space, if it is 1–200 characters with no control
    /// characters.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.invalidTitle` saying which rule it breaks.
    public static func title(_ title: String) throws -> String {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw ScaryCreaturesError(.invalidTitle, "a title cannot be empty")
        }
        guard trimmed.count <= maxTitleLength else {
            throw ScaryCreaturesError(.invalidTitle, "a title can have at most \(maxTitleLength) characters, not \(trimmed.count)")
        }
        if let control = trimmed.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw ScaryCreaturesError(.invalidTitle, "a title cannot contain control characters (found U+\(String(format: "%04X", control.value)))")
        }
        return trimmed
    }

    /// `rating` as stored, if it is 0 to 5 in steps of 0.5 — never clamped or rounded.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.invalidRating`.
    public static func rating(_ rating: Double) throws -> Float {
        guard rating.isFinite, rating >= 0, rating <= 5, (rating * 2).rounded() == rating * 2 else {
            throw ScaryCreaturesError(.invalidRating, "a rating must be 0 to 5 in steps of 0.5, not \(rating)")
        }
        return Float(rating)
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
