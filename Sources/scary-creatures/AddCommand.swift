import ArgumentParser
import CommandLineSupport
import Foundation
import ScaryCreatures

/// `add TITLE [--rating R] [--image FILE]`: prints the new creature's id.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a creature and print its id.")

    @Argument(help: "The creature's title (1–200 characters).") var title: String
    @Option(help: "Its rating, 0 to 5 in steps of 0.5.") var rating: String = "0"
    @Option(help: ArgumentHelp("A PNG or JPEG photo.", valueName: "file")) var image: String?
    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let rating = try CreatureRules.rating(parsing: rating)
        var photo: Data?
        if let image { photo = try await readPhoto(image) }
        let creature = try await data.open().add(title: title, rating: Double(rating), image: photo)
        try await output.write(json: { CreatureJSON(creature) }) { "\(creature.id)\n" }
    }
}
