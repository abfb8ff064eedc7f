import ArgumentParser
import CommandLineSupport
import Foundation
import ScaryCreatures

/// `check [--repair]`: verify every bundle; exits 1 if something is (still) wrong.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Verify every creature; --repair quarantines bad ones and regenerates thumbnails."
    )

    @Flag(help: "Move bad bundles into the quarantine folder and regenerate missing thumbnails.") var repair = false
    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    struct Result: Encodable {
        var creatures: Int
        var badBundles: [String]
        var quarantined: [String]
        var photoProblems: [String]
        var ruleProblems: [String]
        var clean: Bool
    }

    func run() async throws {
        let report = try await data.open().check(repair: repair)
        let result = Result(
            creatures: report.creatures,
            badBundles: report.badBundles.map(\.description),
            quarantined: report.quarantined.map(\.path),
            photoProblems: report.photoProblems.map { "\($0.id): \($0.message)\($0.repaired ? " (repaired)" : "")" },
            ruleProblems: report.ruleProblems.map { "\($0.id): \($0.problem.message); fix with: \(fixCommand(for: $0.problem, of: $0.id))" },
            clean: report.isClean
        )
        if output.json {
            try printJSON(result)
        } else {
            print("\(result.creatures) creatures read")
            for line in result.badBundles { print("bad bundle: \(terminalSafe(line))") }
            for line in result.quarantined { print("quarantined: \(line)") }
            for line in result.photoProblems { print("photo: \(line)") }
            for line in result.ruleProblems { print("creature \(line)") }
            print(result.clean ? "all good" : "problems found\(repair ? "" : " (run with --repair to fix what can be fixed)")")
        }
        if !result.clean { throw ExitCode(1) }  // printed nothing more: the report says it all
    }
}
