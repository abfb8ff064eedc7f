import CommandLineSupport
import ScaryCreatures

/// `check [--repair] [--json]`: verify every bundle; exits 1 if something is (still) wrong.
typealias CheckCommand = CommandLineSupport.CheckCommand<ScaryCreaturesApp>

extension ScaryCreaturesApp: CheckedApp {
    static let checkAbstract = "Verify every creature; --repair quarantines bad ones and regenerates thumbnails."
    static let repairHelp = "Move bad bundles into the quarantine folder and regenerate missing thumbnails."

    /// What `check` found, as it prints it.
    struct Findings: CheckResult {
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

    static func check(_ data: DataOptions, repair: Bool) async throws -> Findings {
        let report = try await data.open().check(repair: repair)
        return Findings(
            creatures: report.creatures,
            badBundles: report.badBundles.map(\.description),
            quarantined: report.quarantined.map(\.path),
            photoProblems: report.photoProblems.map { "\($0.id): \($0.message)\($0.repaired ? " (repaired)" : "")" },
            ruleProblems: report.ruleProblems.map { "\($0.id): \($0.problem.message); fix with: \(fixCommand(for: $0.problem, of: $0.id))" },
            clean: report.isClean
        )
    }
}
