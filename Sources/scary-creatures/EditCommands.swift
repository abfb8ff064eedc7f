import ArgumentParser
import CommandLineSupport
import Foundation
import ScaryCreatures

/// `rename ID TITLE`.
struct RenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Give a creature a new title.")

    @Argument(help: "The creature's id.") var id: String
    @Argument(help: "The new title.") var title: String
    @OptionGroup var data: DataOptions

    func run() async throws {
        let creature = try await data.open().rename(try creatureID(id), to: title)
        print(listLine(creature))
    }
}

/// `rate ID R`.
struct RateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rate", abstract: "Rate a creature, 0 to 5 in steps of 0.5.")

    @Argument(help: "The creature's id.") var id: String
    @Argument(help: "The rating.") var rating: String
    @OptionGroup var data: DataOptions

    func run() async throws {
        let rating = try CreatureRules.rating(parsing: rating)
        let creature = try await data.open().rate(try creatureID(id), Double(rating))
        print(listLine(creature))
    }
}

/// `set-image ID FILE`.
struct SetImageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set-image", abstract: "Give a creature a new photo (PNG or JPEG).")

    @Argument(help: "The creature's id.") var id: String
    @Argument(help: "The photo file.") var file: String
    @OptionGroup var data: DataOptions

    func run() async throws {
        let id = try creatureID(id)
        let photo = try await readPhoto(file)
        try await data.open().setImage(id, photo)
        print("\(id)  photo set")
    }
}

/// `delete ID`.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a creature and its photos.")

    @Argument(help: "The creature's id.") var id: String
    @OptionGroup var data: DataOptions

    func run() async throws {
        let id = try creatureID(id)
        try await data.open().delete(id)
        print("\(id)  deleted")
    }
}
