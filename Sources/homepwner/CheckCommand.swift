import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `check [--repair] [--json]`: verify the archive, every item and the photos; exits 1 if
/// something is (still) wrong.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Verify the archive, every item and the photos; --repair keeps a damaged archive aside and saves what can be read."
    )

    @Flag(help: "Move a damaged archive aside and save what could be read; remove photos no item names.") var repair = false
    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    struct Result: Encodable {
        var items: Int
        var otherEntries: Int
        var archiveProblem: String?
        var newerModel: String?
        var ruleProblems: [String]
        var duplicateKeys: [String]
        var photoProblems: [String]
        var orphanPhotos: [String]
        var orphanAttachments: [String]
        var locationsProblem: String?
        var repairs: [String]
        var clean: Bool
    }

    func run() async throws {
        let store = try await data.open(readOnly: !repair)
        let report = repair ? try await store.repair() : try await store.check()
        if repair { try await store.close() }
        let prefixes = ItemKeyPrefixes(keys: try await store.items().map(\.itemKey))
        let result = Result(
            items: report.itemCount,
            otherEntries: report.otherEntryCount,
            archiveProblem: report.archiveProblem,
            newerModel: report.newerModel,
            ruleProblems: report.ruleProblems.map { "\($0.key): \($0.problem.message); fix with: \(fixCommand(for: $0.problem.field, key: prefixes.shortest(for: $0.key)))" },
            duplicateKeys: report.duplicateKeys,
            photoProblems: report.photoProblems.map { "\($0.key): \($0.message)" },
            orphanPhotos: report.orphanPhotos,
            orphanAttachments: report.orphanAttachments,
            locationsProblem: report.locationsProblem,
            repairs: report.repairs,
            clean: report.isClean
        )
        if output.json {
            try printJSON(result)
        } else {
            print("\(result.items) item\(result.items == 1 ? "" : "s") read\(result.otherEntries > 0 ? " (and \(result.otherEntries) entries of other classes, kept)" : "")")
            for line in result.repairs { print("repaired: \(terminalSafe(line))") }
            if let problem = result.archiveProblem { print("archive: \(terminalSafe(problem))") }
            if let newer = result.newerModel { print("archive: \(newer)") }
            for line in result.ruleProblems { print("item \(terminalSafe(line))") }
            for key in result.duplicateKeys { print("duplicate key: \(terminalSafe(key))") }
            for line in result.photoProblems { print("photo \(terminalSafe(line))") }
            for key in result.orphanPhotos { print("photo \(key): no item has this key") }
            for name in result.orphanAttachments { print("attachment \(terminalSafe(name)): no item has its key") }
            if let problem = result.locationsProblem { print("locations: \(terminalSafe(problem)) (check --repair moves it aside and starts an empty list)") }
            print(result.clean ? "all good" : "problems found\(repair ? "" : " (run with --repair to fix what can be fixed)")")
        }
        if !result.clean { throw ExitCode(1) }  // the report says it all
    }

    /// The command that fixes `field`, naming the item by `key` (a start no other key shares).
    func fixCommand(for field: ItemProblem.Field, key: String) -> String {
        let short = terminalSafe(key)
        switch field {
        case .name: return "homepwner update \(short) --name NAME"
        case .serialNumber: return "homepwner update \(short) --serial SERIAL"
        case .value: return "homepwner update \(short) --value DOLLARS"
        case .dateCreated, .key: return "homepwner delete \(short) and add it again"
        case .location: return "homepwner update \(short) --location LOCATION"
        case .labels: return "homepwner update \(short) --label LABEL …"
        case .quantity: return "homepwner update \(short) --quantity NUMBER"
        case .purchaseDate: return "homepwner update \(short) --purchase-date YYYY-MM-DD"
        case .pricePaid: return "homepwner update \(short) --price-paid DOLLARS"
        case .purchasedFrom: return "homepwner update \(short) --purchased-from TEXT"
        case .warrantyEnds: return "homepwner update \(short) --warranty-ends YYYY-MM-DD"
        case .warrantyNotes: return "homepwner update \(short) --warranty-notes TEXT"
        case .notes: return "homepwner update \(short) --notes TEXT"
        case .modelName: return "homepwner update \(short) --model TEXT"
        case .manufacturer: return "homepwner update \(short) --manufacturer TEXT"
        }
    }
}
