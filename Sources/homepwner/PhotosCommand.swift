import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `photos [list|add|remove]`: all of an item's photos. Photo 1 is the 2014 app's file, named by
/// the item key; the others are files beside it named `<key>.photo-<n>`.
struct PhotosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: "Keep several photos of an item.",
        discussion: "Photos are numbered from 1. Photo 1 is the one the 2014 app shows; removing it makes photo 2 the first.",
        subcommands: [ListPhotos.self, AddPhotos.self, RemovePhoto.self],
        defaultSubcommand: ListPhotos.self
    )

    /// `photos list KEY [--json]`: the photos, numbered, with their stored names.
    struct ListPhotos: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List an item's photos, numbered from 1.")
        @Argument(help: "The item's key, or the start of it.") var key: String
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            guard let store = try await data.openForReading() else { throw HomepwnerError(.notFound, "no item has a key starting with \(key)") }
            let key = try await store.resolveKey(key)
            let photos = try await store.photos(ofItem: key)
            try await output.write(json: { PhotoListing(itemKey: key, photos: photos.map(PhotoListing.Photo.init)) }) {
                guard !photos.isEmpty else { return "no photos (add some with: homepwner photos add KEY FILE …)\n" }
                return photos.map { PhotosCommand.line($0) + "\n" }.joined()
            }
        }
    }

    /// `photos add KEY FILE…`: adds the files, each checked before any is stored.
    struct AddPhotos: ItemChangeCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add photos (JPEG or PNG) to an item; each is checked before any is stored."
        )
        @Argument(help: "The item's key, or the start of it.") var key: String
        @Argument(help: "The photo files.") var files: [String]
        @OptionGroup var data: DataOptions

        func validate() throws {
            if files.isEmpty { throw ValidationError("give at least one photo file") }
            if files.count > ItemPhoto.maxPerItem { throw ValidationError("an item can have at most \(ItemPhoto.maxPerItem) photos") }
        }

        func prepare() async throws -> [Data] {
            var images: [Data] = []
            for file in files { images.append(try await readPhoto(file)) }
            return images
        }

        func change(item key: String, in store: ItemStore, _ images: [Data]) async throws -> String {
            let (photos, added) = try await store.addPhotos(images, toItem: key)
            return photos.filter { added.contains($0.number) }.map { PhotosCommand.line($0) + "  added" }.joined(separator: "\n")
        }
    }

    /// `photos remove KEY N`: removes photo N (as `photos list` numbers them).
    struct RemovePhoto: ItemChangeCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a photo from an item; the photos after it move up one number.")
        @Argument(help: "The item's key, or the start of it.") var key: String
        @Argument(help: "The photo's number, as photos list shows it.") var number: String
        @OptionGroup var data: DataOptions

        func prepare() async throws -> Int {
            guard let number = ItemRules.listNumber(parsing: number) else {
                throw HomepwnerError(.invalidValue, "a photo's number is a whole number from 1, as photos list shows it, not \"\(terminalSafe(String(number.prefix(40))))\"")
            }
            return number
        }

        func change(item key: String, in store: ItemStore, _ number: Int) async throws -> String {
            let (photos, removed) = try await store.removePhoto(number: number, fromItem: key)
            return "photo \(number)  \(removed.photo.storedName)  removed (\(photos.count == 1 ? "1 photo" : "\(photos.count) photos") left)"
        }
    }

    /// One photo as the list shows it: number and stored name, and which one the 2014 app shows.
    static func line(_ listed: ListedPhoto) -> String {
        "\(listed.number)  \(listed.photo.storedName)\(listed.photo.isFirst ? "  (the 2014 app's photo)" : "")"
    }
}

/// What `photos list --json` prints: the API's `PhotoList` without its links.
struct PhotoListing: Encodable {
    /// One photo.
    struct Photo: Encodable {
        var number: Int
        var name: String
        var version: String

        init(_ listed: ListedPhoto) {
            number = listed.number
            name = listed.photo.storedName
            version = listed.version
        }
    }

    var itemKey: String
    var photos: [Photo]
}
