import ArgumentParser
import Foundation
import ScaryCreatures

/// `list`: every creature, with the bundles that could not be read reported on stderr.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List every creature.")

    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    struct Listing: Encodable {
        var creatures: [CreatureJSON]
        var problems: [Problem]
    }

    struct Problem: Encodable {
        var bundle: String
        var reason: String
    }

    func run() async throws {
        let (creatures, problems) = try await data.open(readOnly: true).list()
        if output.json {
            try printJSON(Listing(
                creatures: creatures.map { CreatureJSON(id: $0.id, title: $0.title, rating: $0.rating) },
                problems: problems.map { Problem(bundle: $0.name, reason: $0.description) }
            ))
            return
        }
        var text = ""
        for creature in creatures {
            text += "\(String(creature.id).leftPadded(to: 5))  \(stars(creature.rating))  \(creature.title)\n"
        }
        if creatures.isEmpty { text = "no creatures yet (add one with: scary-creatures add TITLE)\n" }
        FileHandle.standardOutput.write(Data(text.utf8))
        for problem in problems {
            FileHandle.standardError.write(Data("scary-creatures: warning: skipped \(problem)\n".utf8))
        }
    }
}

extension String {
    /// The string right-aligned in `width` columns.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
