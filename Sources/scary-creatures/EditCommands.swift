import ArgumentParser
import CommandLineSupport
import Foundation
import ScaryCreatures

/// `rename ID TITLE`.
struct RenameCommand: StoreChangeCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Give a creature a new title.")

    @Argument(help: "The creature's id.") var id: String
    @Argument(help: "The new title.") var title: String
    @OptionGroup var data: DataOptions

    func change(_ database: ScaryCreatureDatabase, _: Void) async throws -> String {
        listLine(try await database.rename(try creatureID(id), to: title))
    }
}

/// `rate ID R`.
struct RateCommand: StoreChangeCommand {
    static let configuration = CommandConfiguration(commandName: "rate", abstract: "Rate a creature, 0 to 5 in steps of 0.5.")

    @Argument(help: "The creature's id.") var id: String
    @Argument(help: "The rating.") var rating: String
    @OptionGroup var data: DataOptions

    func prepare() throws -> Float {
        try CreatureRules.rating(parsing: rating)
    }

    func change(_ database: ScaryCreatureDatabase, _ rating: Float) async throws -> String {
        listLine(try await database.rate(try creatureID(id), Double(rating)))
    }
}

/// `set-image ID FILE`.
struct SetImageCommand: StoreChangeCommand {
    static let configuration = CommandConfiguration(commandName: "set-image", abstract: "Give a creature a new photo (PNG or JPEG).")

    @Argument(help: "The creature's id.") var id: String
    @Argument(help: "The photo file.") var file: String
    @OptionGroup var data: DataOptions

    func prepare() async throws -> (id: Int, photo: Data) {
        (try creatureID(id), try await readPhoto(file))
    }

    func change(_ database: ScaryCreatureDatabase, _ input: (id: Int, photo: Data)) async throws -> String {
        try await database.setImage(input.id, input.photo)
        return "\(input.id)  photo set"
    }
}

/// `delete ID`.
struct DeleteCommand: StoreChangeCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a creature and its photos.")

    @Argument(help: "The creature's id.") var id: String
    @OptionGroup var data: DataOptions

    func prepare() throws -> Int {
        try creatureID(id)
    }

    func change(_ database: ScaryCreatureDatabase, _ id: Int) async throws -> String {
        try await database.delete(id)
        return "\(id)  deleted"
    }
}
