import DocumentStore
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
            createdBy: creature.data.createdBy,
            updatedBy: creature.data.updatedBy,
            problems: creature.problems.map(\.message),
            // Under the path the server is served at (``WebSupport/BasePath``), as a client follows them.
            links: .init(
                _self: BasePath.at(path), photo: BasePath.at(path + "/photo"), thumbnail: BasePath.at(path + "/thumbnail"), export: BasePath.at(path + "/export")
            )
        )
    }
}

extension Representation {
    /// The JSON form of a creature's history: who added it and changed it last, its changes newest first.
    static func history(_ creature: ScaryCreatureDoc) -> Components.Schemas.CreatureHistory {
        .init(
            id: Int64(creature.id), version: creature.version, createdBy: creature.data.createdBy, updatedBy: creature.data.updatedBy,
            changes: (creature.data.history ?? []).suffix(ChangeHistory.limit).reversed().map { record in
                .init(date: RFC3339.string(secondsSinceReferenceDate: record.date.timeIntervalSinceReferenceDate), person: record.person, action: record.action, fields: record.fields)
            }
        )
    }
}

/// Creature ids in API paths, each with the one spelling of ``ScaryCreatures/CreatureRules/id(spelledAs:)``
/// (`/api/creatures/01` and `/+1` are not creature 1's).
enum CreatureID {
    /// The creature number of the API path segment `text`.
    ///
    /// - Throws: ``WebSupport/APIError`` 404 for another spelling of a positive number (`01`,
    ///   `+1`), which names no creature; 400 for text that is not a positive number.
    static func parse(_ text: String) throws -> Int {
        if let id = CreatureRules.id(spelledAs: text) { return id }
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
