import ArgumentParser
import CommandLineSupport
import Foundation
import ScaryCreatures

extension ScaryCreaturesApp: CheckedApp {
    static let repairHelp = "Move bad bundles into the quarantine folder and regenerate missing thumbnails."
}

/// `check [--repair]`: verify every bundle; exits 1 if something is (still) wrong.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Verify every creature; --repair quarantines bad ones and regenerates thumbnails."
    )

    @OptionGroup var options: CheckOptions<ScaryCreaturesApp>

    struct Result: CheckResult {
        var creatures: Int
        var badBundles: [String]
        var quarantined: [String]
        var photoProblems: [String]
        var ruleProblems: [String]
        var clean: Bool

        var textLines: [String] {
            ["\(creatures) creatures read"] + badBundles.map { "bad bundle: \(terminalSafe($0))" } + quarantined.map { "quarantined: \($0)" }
                + photoProblems.map { "photo: \($0)" } + ruleProblems.map { "creature \($0)" }
        }
    }

    func run() async throws {
        let report = try await options.data.open().check(repair: options.repair)
        let result = Result(
            creatures: report.creatures,
            badBundles: report.badBundles.map(\.description),
            quarantined: report.quarantined.map(\.path),
            photoProblems: report.photoProblems.map { "\($0.id): \($0.message)\($0.repaired ? " (repaired)" : "")" },
            ruleProblems: report.ruleProblems.map { "\($0.id): \($0.problem.message); fix with: \(fixCommand(for: $0.problem, of: $0.id))" },
            clean: report.isClean
        )
        try options.report(result)
    }
}
