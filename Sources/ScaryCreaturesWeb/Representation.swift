import Foundation
import ScaryCreatures
import WebSupport

/// How creatures appear in the API.
enum Representation {
    /// The API path of creature `id`.
    static func path(of id: Int) -> String { "/api/creatures/\(id)" }

    /// A version as an ETag: quoted.
    static func eTag(_ version: String) -> String { "\"\(version)\"" }

    /// The JSON form of a creature. Its rating is left out when it is not a finite number
    /// (JSON has none); `problems` then says so.
    static func creature(_ creature: ScaryCreatureDoc, hasPhoto: Bool? = nil) -> Components.Schemas.Creature {
        let path = path(of: creature.id)
        return .init(
            id: Int64(creature.id),
            title: creature.title,
            rating: creature.rating.isFinite ? creature.rating : nil,
            version: creature.version,
            hasPhoto: hasPhoto,
            problems: creature.problems.map(\.message),
            links: .init(_self: path, photo: path + "/photo", thumbnail: path + "/thumbnail", export: path + "/export")
        )
    }
}

/// Creature ids in paths: positive integers, each with one spelling — plain decimal, no sign,
/// no leading zeros — so that one creature has one URL (`/api/creatures/01` and `/+1` are not
/// creature 1's).
enum CreatureID {
    /// The creature number `text` spells the one way a path spells it; nil for anything else.
    static func number(_ text: some StringProtocol) -> Int? {
        let digits = text.utf8
        guard (1...18).contains(digits.count), digits.first != UInt8(ascii: "0"),
              digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }

    /// The creature number of the API path segment `text`.
    ///
    /// - Throws: ``WebSupport/APIError`` 404 for another spelling of a positive number (`01`,
    ///   `+1`), which names no creature; 400 for text that is not a positive number.
    static func parse(_ text: String) throws -> Int {
        if let id = number(text) { return id }
        if let value = Int(text), value > 0 {
            throw APIError.notFound("there is no creature at \(text.prefix(40)); creature \(value)'s number is written \(value)")
        }
        throw APIError.badRequest("\"\(text.prefix(40))\" is not a creature id (ids are positive integers)")
    }
}

/// The `cursor` of a page: the position of its first creature in the filtered, sorted list.
enum Cursor {
    /// The cursor for position `position`.
    static func string(for position: Int) -> String { String(position) }

    /// The position a cursor names.
    ///
    /// - Throws: ``WebSupport/APIError`` 400 for anything that is not a cursor this server made.
    static func position(_ cursor: String) throws -> Int {
        guard cursor.utf8.count <= 9, cursor.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let position = Int(cursor) else {
            throw APIError.badRequest("\"\(cursor.prefix(40))\" is not a cursor from a previous page")
        }
        return position
    }
}

/// Filtering and sorting of the list.
struct CreatureQuery {
    /// Only titles containing this text, ignoring case.
    var text: String?
    /// The order.
    var sort: Operations.ListCreatures.Input.Query.SortPayload
    /// Largest first.
    var descending: Bool

    /// `creatures` filtered and sorted; ties are broken by id, so the order is total and pages
    /// never repeat or skip a creature that did not change.
    func apply(to creatures: [ScaryCreatureDoc]) -> [ScaryCreatureDoc] {
        var selected = creatures
        if let text, !text.isEmpty {
            selected = selected.filter { $0.title.range(of: text, options: [.caseInsensitive]) != nil }
        }
        let ascending: (ScaryCreatureDoc, ScaryCreatureDoc) -> Bool
        switch sort {
        case .id:
            ascending = { $0.id < $1.id }
        case .title:
            let keys = Dictionary(uniqueKeysWithValues: selected.map { ($0.id, $0.title.lowercased()) })
            ascending = { lhs, rhs in
                let left = keys[lhs.id] ?? "", right = keys[rhs.id] ?? ""
                return left.unicodeScalars.lexicographicallyPrecedes(right.unicodeScalars) || (left.unicodeScalars.elementsEqual(right.unicodeScalars) && lhs.id < rhs.id)
            }
        case .rating:
            // Invalid ratings (NaN, out of range) sort below every valid one.
            let key: (ScaryCreatureDoc) -> Float = { CreatureRules.isValidRating($0.rating) ? $0.rating : -1 }
            ascending = { key($0) < key($1) || (key($0) == key($1) && $0.id < $1.id) }
        }
        selected.sort(by: ascending)
        if descending { selected.reverse() }
        return selected
    }
}
