import Foundation
import KeyedArchive

/// A creature's `Data.plist` as the 2018 app wrote it (class `ScaryCreatures.ScaryCreatureData`,
/// keys `Title` and `Rating`), for the document-store tests and benchmarks. The app module has
/// the real model; the store itself knows nothing about creatures.
public struct SampleCreature: Archivable, Equatable, Sendable {
    /// The 2018 app's module-qualified class name.
    public static let archiveClassName = "ScaryCreatures.ScaryCreatureData"
    /// The names other versions wrote.
    public static let acceptedClassNames: Set<String> = ["ScaryCreatureData", "ScaryBugData"]

    /// The creature's name.
    public var title: String
    /// Its rating, 0 to 5.
    public var rating: Float

    /// Creates a creature.
    public init(title: String, rating: Float) {
        self.title = title
        self.rating = rating
    }

    /// Writes `Title` and `Rating`.
    public func encode(with coder: inout ArchiveEncoder) {
        coder.encode(title, forKey: "Title")
        coder.encode(rating, forKey: "Rating")
    }

    /// Reads `Title` and `Rating`, defaulting missing ones.
    public init(from coder: ArchiveDecoder) throws {
        title = try coder.decode(String.self, forKey: "Title") ?? ""
        rating = try coder.decode(Float.self, forKey: "Rating") ?? 0
    }

    /// The `Data.plist` bytes of this creature (binary keyed archive, top key `root`).
    public func archived() throws -> Data {
        try KeyedArchiver.archivedData(withRoot: self)
    }

    /// Decodes a `Data.plist` (top key `root`, or `Data` as the 2010 app wrote it).
    public static func unarchived(_ data: Data) throws -> SampleCreature {
        let unarchiver = try KeyedUnarchiver(data: data)
        if let creature = try unarchiver.decode(SampleCreature.self, forKey: "root") { return creature }
        if let creature = try unarchiver.decode(SampleCreature.self, forKey: "Data") { return creature }
        throw ArchiveError(.missingValue, "keyed archive: no creature under \"root\" or \"Data\"")
    }

    /// `count` creatures with varied titles and ratings.
    public static func sample(count: Int) -> [SampleCreature] {
        let names = ["Lil' Terror", "Weird Bug", "Mad Bug", "Creepy Crawly", "Potato Bug"]
        return (0..<count).map { SampleCreature(title: "\(names[$0 % names.count]) \($0)", rating: Float($0 % 11) / 2) }
    }
}
