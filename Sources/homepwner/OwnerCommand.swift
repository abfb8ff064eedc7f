import ArgumentParser
import CommandLineSupport
import Foundation
import Homepwner

/// `owner [show|set]`: whose inventory it is and how it is insured — the block at the top of the
/// insurance report, kept in `owner.plist` beside `items.archive`.
struct OwnerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "owner",
        abstract: "Show or set the owner and policy block the insurance report starts with.",
        subcommands: [ShowOwner.self, SetOwner.self],
        defaultSubcommand: ShowOwner.self
    )

    /// `owner show [--json]`.
    struct ShowOwner: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the owner and policy block.")
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let owner = try await data.openForReading()?.owner() ?? InventoryOwner()
            try await output.write(json: { owner }) { OwnerCommand.text(owner) }
        }
    }

    /// `owner set [--name TEXT] [--address TEXT] [--insurer TEXT] [--policy TEXT]` ("" clears one).
    struct SetOwner: StoreChangeCommand {
        typealias App = HomepwnerApp
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Set the owner and policy block (\"\" clears a field).")
        @Option(help: "Whose inventory it is.") var name: String?
        @Option(help: "Their address (may have line breaks).") var address: String?
        @Option(help: "Who insures it.") var insurer: String?
        @Option(help: "The policy's number.") var policy: String?
        @OptionGroup var data: DataOptions

        func prepare() async throws -> InventoryOwner.Changes {
            let changes = InventoryOwner.Changes(name: name, address: address, insurer: insurer, policyNumber: policy)
            guard !changes.isEmpty else {
                throw ValidationError("give --name, --address, --insurer or --policy")
            }
            var draft = InventoryOwner()
            try draft.apply(changes)
            return changes
        }

        func change(_ store: ItemStore, _ changes: InventoryOwner.Changes) async throws -> String {
            OwnerCommand.text(try await store.changeOwner(changes)).trimmingCharacters(in: .newlines)
        }
    }

    /// The block as `owner show` prints it: a line a field that is set.
    static func text(_ owner: InventoryOwner) -> String {
        guard !owner.isEmpty else { return "no owner or policy set (set them with: homepwner owner set --name NAME --insurer NAME --policy NUMBER)\n" }
        var lines: [String] = []
        if let name = owner.name { lines.append("Owner: \(terminalSafe(name))") }
        if let address = owner.address {
            lines.append("Address: " + address.split(separator: "\n", omittingEmptySubsequences: false).map { terminalSafe(String($0)) }.joined(separator: "\n         "))
        }
        if let insurer = owner.insurer { lines.append("Insurer: \(terminalSafe(insurer))") }
        if let policy = owner.policyNumber { lines.append("Policy: \(terminalSafe(policy))") }
        return lines.joined(separator: "\n") + "\n"
    }
}
