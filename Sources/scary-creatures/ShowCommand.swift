import ArgumentParser
import CommandLineSupport
import Foundation
import Imaging
import ScaryCreatures

/// `show ID`: one creature, with its photo's format and size.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one creature.")

    @Argument(help: "The creature's id.") var id: String
    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    struct Details: Encodable {
        var creature: CreatureJSON
        var photo: Photo?
        var thumbnailBytes: Int?

        func encode(to encoder: any Encoder) throws {
            try creature.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(photo, forKey: .photo)
            try container.encodeIfPresent(thumbnailBytes, forKey: .thumbnailBytes)
        }

        private enum CodingKeys: String, CodingKey {
            case photo, thumbnailBytes
        }
    }

    struct Photo: Encodable {
        var format: String
        var width: Int
        var height: Int
        var bytes: Int
    }

    func run() async throws {
        let creature = try await data.open(readOnly: true).creature(try creatureID(id))
        var photo: Photo?
        if let full = try await creature.fullImage() {
            let info = try? ImageInfo.read(full.data)
            photo = Photo(format: full.format.name, width: info?.orientedWidth ?? 0, height: info?.orientedHeight ?? 0, bytes: full.data.count)
        }
        let thumbnail = try await creature.database.storedThumbnail(of: creature.id)
        let details = Details(creature: CreatureJSON(creature), photo: photo, thumbnailBytes: thumbnail?.count)
        try await output.write(json: { details }) {
            var lines = ["id:     \(creature.id)", "title:  \(terminalSafe(creature.title))", "rating: \(stars(creature.rating)) (\(creature.rating))"]
            lines += creature.problems.map { "problem: \($0.message) (fix with: \(fixCommand(for: $0, of: creature.id)))" }
            if let photo {
                let thumbnailText = thumbnail.map { "thumbnail \($0.count) bytes" } ?? "no thumbnail (check --repair makes one)"
                lines.append("photo:  \(photo.format), \(photo.width)×\(photo.height), \(photo.bytes) bytes; \(thumbnailText)")
            } else {
                lines.append("photo:  none")
            }
            return lines.map { $0 + "\n" }.joined()
        }
    }
}
