import ArgumentParser
import CommandLineSupport
import Foundation
import DocumentStore
import ScaryCreatures

/// `list`: every creature; bundles that could not be read are counted in the output, named on
/// stderr, and make the exit status 65.
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
        // Nothing saved yet in the per-user folder: no creatures.
        let (creatures, problems) = try await data.openForReading()?.list() ?? ([], [])
        if output.json {
            try printJSON(Listing(
                creatures: creatures.map(CreatureJSON.init),
                problems: problems.map { Problem(bundle: $0.name, reason: $0.description) }
            ))
        } else {
            var text: [UInt8] = []
            text.reserveCapacity(creatures.count * 48)
            for creature in creatures {
                appendListLine(creature, to: &text)
                text.append(UInt8(ascii: "\n"))
            }
            if !problems.isEmpty {
                let count = problems.count == 1 ? "1 creature's folder is DAMAGED" : "\(problems.count) creature folders are DAMAGED"
                text += "\(count) and not listed (scary-creatures check says what is wrong; check --repair puts damaged folders aside)\n".utf8
            } else if creatures.isEmpty {
                text = Array("no creatures yet (add one with: scary-creatures add TITLE)\n".utf8)
            }
            FileHandle.standardOutput.write(Data(text))
        }
        for problem in problems {
            FileHandle.standardError.write(Data("scary-creatures: error: cannot read \(terminalSafe(problem.description))\n".utf8))
        }
        // EX_DATAERR (65) when something could not be read: what could be is listed, the rest
        // named above.
        CommandLineTool.finish(status: problems.isEmpty ? 0 : 65, keeping: creatures)
    }
}
