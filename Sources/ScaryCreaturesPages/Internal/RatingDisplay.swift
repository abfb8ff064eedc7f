import ScaryCreatures
import WebSupport

/// A rating as the pages show it: the CSS class that fills the stars and the words a screen
/// reader says.
struct RatingDisplay: Sendable, Equatable, Encodable {
    /// `r0` … `r10`: half stars filled.
    var cssClass: String
    /// "3.5 out of 5 stars", or "not rated yet (the stored rating is invalid)".
    var text: String
    /// The number for `aria-valuenow` and the form: "3.5", "4", "0".
    var value: String

    init(_ rating: Float) {
        guard CreatureRules.isValidRating(rating) else {
            self.init(halfStars: 0)
            text = "no valid rating"
            return
        }
        self.init(halfStars: Int((rating * 2).rounded()))
    }

    init(halfStars: Int) {
        let clamped = min(max(halfStars, 0), 10)
        cssClass = "r\(clamped)"
        value = clamped % 2 == 0 ? "\(clamped / 2)" : "\(clamped / 2).5"
        text = clamped == 2 ? "1 star out of 5" : "\(value) stars out of 5"
    }

    /// The choices of the plain rating form, 0 to 5 in half stars: every rating a creature may
    /// have, with `current` selected.
    static func options(selecting current: Float) -> [MenuChoice] {
        (0...10).map { half in
            let display = RatingDisplay(halfStars: half)
            return MenuChoice(value: display.value, label: display.text, selected: CreatureRules.isValidRating(current) && Int((current * 2).rounded()) == half)
        }
    }
}
