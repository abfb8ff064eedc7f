import CommandLineSupport
import Foundation
import ScaryCreatures

/// A rating as stars for people: "★★★½☆"; "?????" for a rating that breaks the rules (NaN,
/// 7, -1, 1e30 read from disk), whose problem is printed beside it.
func stars(_ rating: Float) -> String {
    guard CreatureRules.isValidRating(rating) else { return "?????" }
    return starsByHalves[Int(rating * 2)]
}

/// The eleven valid ratings' stars, made once.
private let starsByHalves: [String] = (0...10).map { halves in
    let whole = halves / 2, half = halves % 2
    return String(repeating: "★", count: whole) + (half == 1 ? "½" : "") + String(repeating: "☆", count: 5 - whole - half)
}

/// A creature as the CLI prints it in JSON. `rating` is null when it is not a finite number
/// (JSON has no NaN or infinity); `problems` says what breaks the rules.
struct CreatureJSON: Encodable {
    var id: Int
    var title: String
    @NullEncoded var rating: Float?
    var problems: [String]

    init(_ creature: ScaryCreatureDoc) {
        id = creature.id
        title = creature.title
        rating = creature.rating.isFinite ? creature.rating : nil
        problems = creature.problems.map(\.message)
    }
}

/// One line of `list`: id, stars, the title made safe, and what is wrong with it, if anything.
func listLine(_ creature: ScaryCreatureDoc) -> String {
    var line: [UInt8] = []
    appendListLine(creature, to: &line)
    return String(decoding: line, as: UTF8.self)
}

/// Appends ``listLine(_:)``'s bytes (without a line end) to `text`: `list` builds its 10,000
/// lines into one buffer this way, with no string made per line.
func appendListLine(_ creature: ScaryCreatureDoc, to text: inout [UInt8]) {
    let id = String(creature.id).utf8  // right-aligned in five columns
    if id.count < 5 { text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 5 - id.count)) }
    text.append(contentsOf: id)
    text.append(contentsOf: "  ".utf8)
    text.append(contentsOf: starBytes(creature.rating))
    text.append(contentsOf: "  ".utf8)
    text.append(contentsOf: terminalSafe(creature.title).utf8)
    if !creature.problems.isEmpty {
        text.append(contentsOf: "  [\(creature.problems.map(\.message).joined(separator: "; "))]".utf8)
    }
}

/// ``stars(_:)`` as UTF-8 bytes, made once for the eleven valid ratings.
private func starBytes(_ rating: Float) -> [UInt8] {
    guard CreatureRules.isValidRating(rating) else { return Array("?????".utf8) }
    return starBytesByHalves[Int(rating * 2)]
}

private let starBytesByHalves: [[UInt8]] = starsByHalves.map { Array($0.utf8) }

/// The command that fixes `problem` of creature `id`.
func fixCommand(for problem: CreatureProblem, of id: Int) -> String {
    switch problem.field {
    case .title: "scary-creatures rename \(id) TITLE"
    case .rating: "scary-creatures rate \(id) RATING"
    }
}
