import Foundation
import KeyedArchive

/// A creature's data with any title and any rating, as another program might have written it:
/// the 2018 class, `Rating` an `NSNumber` holding a double.
struct StoredCreature: Archivable {
    static let archiveClassName = "ScaryCreatures.ScaryCreatureData"
    static let acceptedClassNames: Set<String> = []
    var title: String
    var rating: Double

    func encode(with coder: inout ArchiveEncoder) {
        coder.encode(title, forKey: "Title")
        coder.encodeObject(rating, forKey: "Rating")
    }

    init(title: String, rating: Double) {
        self.title = title
        self.rating = rating
    }

    init(from coder: ArchiveDecoder) throws {
        title = try coder.decode(String.self, forKey: "Title") ?? ""
        rating = try coder.decode(Double.self, forKey: "Rating") ?? 0
    }

    /// Writes bundle `id` holding this data into the data folder `root`.
    func write(as id: Int, in root: URL) throws {
        let bundle = root.appendingPathComponent("\(id).scarycreature", isDirectory: true)
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try KeyedArchiver.archivedData(withRoot: self).write(to: bundle.appendingPathComponent("Data.plist"))
    }
}
