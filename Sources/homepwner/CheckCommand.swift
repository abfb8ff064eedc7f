import CommandLineSupport
import Homepwner

/// `check [--repair] [--json]`: verify the archive, every item and the photos; exits 1 if
/// something is (still) wrong.
typealias CheckCommand = CommandLineSupport.CheckCommand<HomepwnerApp>

extension HomepwnerApp: CheckedApp {
    static let checkAbstract = "Verify the archive, every item and the photos; --repair keeps a damaged archive aside and saves what can be read."
    static let repairHelp = "Move a damaged archive aside and save what could be read; remove photos and attachments no item names; make an item's next photo its first when it has none."

    /// What `check` found, as it prints it.
    struct Findings: CheckResult {
        var items: Int
        var otherEntries: Int
        var archiveProblem: String?
        var newerModel: String?
        var ruleProblems: [String]
        var duplicateKeys: [String]
        var photoProblems: [String]
        var orphanPhotos: [String]
        var orphanAttachments: [String]
        var photosWithoutFirst: [String]
        var locationsProblem: String?
        var ownerProblem: String?
        var repairs: [String]
        var clean: Bool

        var textLines: [String] {
            var lines = ["\(items) item\(items == 1 ? "" : "s") read\(otherEntries > 0 ? " (and \(otherEntries) entries of other classes, kept)" : "")"]
            lines += repairs.map { "repaired: \(terminalSafe($0))" }
            if let archiveProblem { lines.append("archive: \(terminalSafe(archiveProblem))") }
            if let newerModel { lines.append("archive: \(newerModel)") }
            lines += ruleProblems.map { "item \(terminalSafe($0))" }
            lines += duplicateKeys.map { "duplicate key: \(terminalSafe($0))" }
            lines += photoProblems.map { "photo \(terminalSafe($0))" }
            lines += orphanPhotos.map { "photo \($0): no item has this key" }
            lines += photosWithoutFirst.map { "item \($0): has further photos but no first photo (check --repair makes the next one first)" }
            lines += orphanAttachments.map { "attachment \(terminalSafe($0)): no item has its key" }
            if let locationsProblem { lines.append("locations: \(terminalSafe(locationsProblem)) (check --repair moves it aside and starts an empty list)") }
            if let ownerProblem { lines.append("owner: \(terminalSafe(ownerProblem)) (check --repair moves it aside; set the owner again with: homepwner owner set)") }
            return lines
        }
    }

    static func check(_ data: DataOptions, repair: Bool) async throws -> Findings {
        let store = try await data.open(readOnly: !repair)
        let report = repair ? try await store.repair() : try await store.check()
        if repair { try await store.close() }
        let prefixes = ItemKeyPrefixes(keys: try await store.items().map(\.itemKey))
        return Findings(
            items: report.itemCount,
            otherEntries: report.otherEntryCount,
            archiveProblem: report.archiveProblem,
            newerModel: report.newerModel,
            ruleProblems: report.ruleProblems.map { "\($0.key): \($0.problem.message); fix with: \(fixCommand(for: $0.problem.field, key: prefixes.shortest(for: $0.key)))" },
            duplicateKeys: report.duplicateKeys,
            photoProblems: report.photoProblems.map { "\($0.key): \($0.message)" },
            orphanPhotos: report.orphanPhotos,
            orphanAttachments: report.orphanAttachments,
            photosWithoutFirst: report.photosWithoutFirst,
            locationsProblem: report.locationsProblem,
            ownerProblem: report.ownerProblem,
            repairs: report.repairs,
            clean: report.isClean
        )
    }

    /// The command that fixes `field`, naming the item by `key` (a start no other key shares).
    static func fixCommand(for field: ItemProblem.Field, key: String) -> String {
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
        case .maintenance: return "homepwner maintenance list \(short), then maintenance remove \(short) N and add it again"
        case .customFields: return "homepwner update \(short) --field NAME=VALUE (NAME= removes it)"
        case .archivedDate: return "homepwner update \(short) --archived YYYY-MM-DD (\"\" brings it back)"
        }
    }
}
