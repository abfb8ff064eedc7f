import ArgumentParser
@testable import CommandLineSupport
import DocumentStore
import Failures
import Foundation
import Imaging
import Testing

@Suite("CommandLineTool: options before the subcommand, errors as one line and a status")
struct CommandLineToolTests {
    private let names: Set = ["list", "add"]

    @Test("every common option before the subcommand moves after it, in order, in both spellings; the subcommand's own arguments follow")
    func everyCommonOptionMoves() {
        let moved = CommandLineTool.commonOptionsAfterSubcommand(
            ["--storage", "s3://b/p", "--s3-path-style", "--storage=S", "--data-dir=D", "--json", "--create", "add", "X", "--rating", "2"],
            subcommands: names
        )
        #expect(moved == ["add", "--storage", "s3://b/p", "--s3-path-style", "--storage=S", "--data-dir=D", "--json", "--create", "X", "--rating", "2"])
    }

    @Test("arguments are left as they are when nothing leads, when no subcommand follows, or when a leading option is not a common one")
    func othersStay() {
        for arguments in [
            ["list", "--json"], ["--json"], ["--storage", "S"], ["--storage"], ["--storage", "S", "--verbose", "list"], ["--json", "nosuch"], [],
        ] {
            #expect(CommandLineTool.commonOptionsAfterSubcommand(arguments, subcommands: names) == arguments, "\(arguments)")
        }
    }

    @Test("the shared errors end a command with their sysexits status: a missing folder 66, storage by kind 78, 77, 66, 69, a photo 65")
    func sharedErrorStatuses() {
        let missing = MissingDataFolder(location: .folder(URL(fileURLWithPath: "/no/such")))
        #expect(CommandLineTool.sharedError(missing)?.message == "there is no data folder at /no/such; check the path, or add --create to start a new one there")
        #expect(CommandLineTool.sharedError(missing)?.status == 66)
        let kinds: [(StorageConnectError.Kind, Int32)] = [(.configuration, 78), (.refused, 77), (.noBucket, 66), (.unreachable, 69)]
        for (kind, status) in kinds {
            let reported = CommandLineTool.sharedError(StorageConnectError(kind, "storage says \(kind)"))
            #expect(reported?.message == "storage says \(kind)")
            #expect(reported?.status == status, "\(kind)")
        }
        let photo = CommandLineTool.sharedError(ImagingError(.notAnImage, "photo.txt is not an image"))
        #expect(photo?.message == "photo.txt is not an image")
        #expect(photo?.status == 65)
    }

    @Test("--json parses as the output option, and is off without it")
    func outputOptions() throws {
        #expect(try OutputOptions.parse(["--json"]).json)
        #expect(try !OutputOptions.parse([]).json)
    }

    @Test("an app's coded failure ends the command with its message, the app's advice and the status of its code; other errors are not the app's")
    func codedFailures() {
        enum Code: FailureCode { case missing, broken }
        let appError = CommandLineTool.failureError(
            status: { (code: Code) in code == .missing ? 66 : 65 },
            advice: { $0.code == .broken ? "; repair it" : "" }
        )
        #expect(appError(CodedFailure(Code.missing, "no such thing")).map { [$0.message, "\($0.status)"] } == ["no such thing", "66"])
        #expect(appError(CodedFailure(Code.broken, "it is broken")).map { [$0.message, "\($0.status)"] } == ["it is broken; repair it", "65"])
        #expect(appError(CocoaError(.fileNoSuchFile)) == nil)
    }

    @Test("an answer is made only in the form asked for: JSON with --json, text without it")
    func onlyTheFormAskedFor() async throws {
        struct NotAsked: Error {}
        try await OutputOptions.parse(["--json"]).write(json: { [Int]() }, text: { throw NotAsked() })
        try await OutputOptions.parse([]).write(json: { () throws -> [Int] in throw NotAsked() }, text: { "" })
        await #expect(throws: NotAsked.self) { try await OutputOptions.parse([]).write(json: { [Int]() }, text: { throw NotAsked() }) }
    }
}
