import Foundation
import Imaging

/// One creature: its number, its data, and its photos, read from their files when asked for.
public struct ScaryCreatureDoc: Sendable {
    /// The creature's number (its bundle's N).
    public let id: Int
    /// Its title and rating.
    public let data: ScaryCreatureData
    /// Its version: changes with every change of its data (see ``ScaryCreatureDatabase``'s
    /// `ifVersion` parameters), the same in every process for the same data.
    public let version: String
    /// The database it lives in.
    public let database: ScaryCreatureDatabase

    /// The creature's title.
    public var title: String { data.title }
    /// The creature's rating, as stored: any `Float`, valid or not (see ``problems``).
    public var rating: Float { data.rating }
    /// What is wrong with the stored title or rating (see ``CreatureRules/problems(title:rating:)``);
    /// empty for a creature that follows the rules.
    public var problems: [CreatureProblem] { CreatureRules.problems(title: data.title, rating: data.rating) }

    /// The PNG thumbnail (from the memory cache, the file, or regenerated from the full photo
    /// when missing); nil if the creature has no photo.
    public func thumbnail() async throws -> Data? {
        try await database.thumbnail(of: id)
    }

    /// The full photo's bytes and format, read now (never cached); nil if there is none.
    public func fullImage() async throws -> (data: Data, format: ImageFormat)? {
        try await database.fullImage(of: id)
    }
}
