import ArgumentParser
import CommandLineSupport
import Foundation
import DocumentStore
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
        let creatures: [ScaryCreatureDoc], problems: [DocumentProblem]
        do {
            (creatures, problems) = try await data.open(readOnly: true).list()
        } catch let error as ScaryCreaturesError where error.code == .noDataFolder && data.dataDir == nil {
            (creatures, problems) = ([], [])  // nothing saved yet in the per-user folder
        }
        if output.json {
            try printJSON(Listing(
                creatures: creatures.map(CreatureJSON.init),
                problems: problems.map { Problem(bundle: $0.name, reason: $0.description) }
            ))
            return
        }
        var text = ""
        for creature in creatures {
            text += listLine(creature) + "\n"
        }
        if creatures.isEmpty { text = "no creatures yet (add one with: scary-creatures add TITLE)\n" }
        FileHandle.standardOutput.write(Data(text.utf8))
        for problem in problems {
            FileHandle.standardError.write(Data("scary-creatures: warning: skipped \(terminalSafe(problem.description))\n".utf8))
        }
    }
}
