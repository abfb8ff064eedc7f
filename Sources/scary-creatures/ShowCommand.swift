import ArgumentParser
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
        var id: Int
        var title: String
        var rating: Float
        var photo: Photo?
        var thumbnailBytes: Int?
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
        let thumbnail = try await creature.thumbnail()
        let details = Details(id: creature.id, title: creature.title, rating: creature.rating, photo: photo, thumbnailBytes: thumbnail?.count)
        if output.json {
            try printJSON(details)
            return
        }
        print("id:     \(details.id)")
        print("title:  \(details.title)")
        print("rating: \(stars(details.rating)) (\(details.rating))")
        if let photo {
            print("photo:  \(photo.format), \(photo.width)×\(photo.height), \(photo.bytes) bytes; thumbnail \(thumbnail?.count ?? 0) bytes")
        } else {
            print("photo:  none")
        }
    }
}
