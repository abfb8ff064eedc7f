import Foundation
import Imaging
import Testing
import TestSupport
import ImagingSamples

/// Starts `scary-creatures arguments… --data-dir folder` (just `arguments` when `dataDir` is nil).
func startCLI(_ arguments: [String], dataDir: URL?) throws -> ChildProcess {
    try ChildProcess(built: "scary-creatures", withDataDir(arguments, dataDir))
}

/// Runs `scary-creatures arguments… --data-dir folder` (just `arguments` when `dataDir` is nil)
/// to the end.
func runCLI(_ arguments: [String], dataDir: URL?) async throws -> ChildRun {
    try await runBuilt("scary-creatures", withDataDir(arguments, dataDir))
}

/// `arguments`, then `--data-dir folder` when there is a folder.
private func withDataDir(_ arguments: [String], _ dataDir: URL?) -> [String] {
    arguments + (dataDir.map { ["--data-dir", $0.path] } ?? [])
}

@Suite("The scary-creatures command, run as a real process", .timeLimit(.minutes(4)))
struct CLITests {
    @Test("add, list, show, rename, rate, set-image and delete work end to end")
    func everyCommand() async throws {
        try await withTemporaryFolder { folder in
            let data = folder.appendingPathComponent("PrivateDocuments")
            let photo = folder.appendingPathComponent("photo.jpg")
            try SamplePhotos.jpeg().write(to: photo)
            #expect(try await runCLI(["add", "Lil' Terror", "--rating", "4.5", "--create"], dataDir: data).output == "1\n")
            #expect(try await runCLI(["add", "Weird Bug", "--image", photo.path], dataDir: data).output == "2\n")
            let list = try await runCLI(["list"], dataDir: data)
            #expect(list.status == 0)
            #expect(list.output == "    1  ★★★★½  Lil' Terror\n    2  ☆☆☆☆☆  Weird Bug\n")
            let json = try await runCLI(["list", "--json"], dataDir: data)
            let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
            #expect((decoded?["creatures"] as? [[String: Any]])?.count == 2)
            let show = try await runCLI(["show", "2"], dataDir: data)
            #expect(show.output.contains("photo:  JPEG, 160×160"))
            #expect(try await runCLI(["rename", "1", "Big Terror"], dataDir: data).status == 0)
            #expect(try await runCLI(["rate", "2", "3"], dataDir: data).status == 0)
            let png = folder.appendingPathComponent("photo.png")
            try SamplePhotos.png().write(to: png)
            #expect(try await runCLI(["set-image", "1", png.path], dataDir: data).status == 0)
            let showJSON = try await runCLI(["show", "1", "--json"], dataDir: data)
            #expect(showJSON.output.contains("\"format\" : \"PNG\""))
            #expect(try await runCLI(["delete", "2"], dataDir: data).status == 0)
            #expect(try await runCLI(["list"], dataDir: data).output == "    1  ★★★★½  Big Terror\n")
            #expect(try await runCLI(["check"], dataDir: data).status == 0)
        }
    }

    @Test("errors are one line on stderr with a non-zero status, never a crash", arguments: [
        (["add", ""], "a title cannot be empty", Int32(65)),
        (["add", "x", "--rating", "7"], "a rating must be 0 to 5 in steps of 0.5", 65),
        (["add", "x", "--rating", "lots"], "a rating must be a number", 65),
        (["add", "x", "--image", "/nonexistent/photo.jpg"], "/nonexistent/photo.jpg does not exist", 65),
        (["add", "x", "--image", "/etc/hostname"], "/etc/hostname: this file is not a JPEG or PNG photo", 65),
        (["show", "41"], "there is no creature 41 (scary-creatures list shows every creature's number)", 66),
        (["show", "abc"], "is not a creature id", 66),
        (["rename", "41", "Ghost"], "there is no creature 41", 66),
        (["rate", "1"], "Missing expected argument", 64),
        (["delete", "0"], "is not a creature id", 66),
        (["frobnicate"], "Unexpected argument", 64),
    ])
    func errors(arguments: [String], message: String, status: Int32) async throws {
        try await withTemporaryFolder { folder in
            let run = try await runCLI(arguments, dataDir: folder)
            #expect(run.status == status, "\(run.errors)")
            let lines = run.errors.split(separator: "\n")
            #expect(lines.count == 1, "\(run.errors)")
            #expect(run.errors.hasPrefix("scary-creatures: error: "))
            #expect(run.errors.contains(message), "\(run.errors)")
            #expect(run.output.isEmpty)
        }
    }

    @Test("a corrupt bundle: list shows the rest, says one is damaged in its output and exits 65; check --repair quarantines it")
    func corruptBundle() async throws {
        try await withTemporaryFolder { folder in
            #expect(try await runCLI(["add", "Fine"], dataDir: folder).status == 0)
            let bad = folder.appendingPathComponent("2.scarycreature")
            try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
            try Data("bplist00 broken".utf8).write(to: bad.appendingPathComponent("Data.plist"))
            let list = try await runCLI(["list"], dataDir: folder)
            #expect(list.status == 65)
            #expect(list.output == "    1  ☆☆☆☆☆  Fine\n1 creature's folder is DAMAGED and not listed (scary-creatures check says what is wrong; check --repair puts damaged folders aside)\n")
            #expect(list.errors.hasPrefix("scary-creatures: error: cannot read 2.scarycreature: corrupt data"))
            #expect(try await runCLI(["list", "--json"], dataDir: folder).status == 65)
            let rename = try await runCLI(["rename", "2", "Fixed"], dataDir: folder)
            #expect(rename.status == 65)
            #expect(rename.errors.hasSuffix("; scary-creatures check --repair puts the damaged folder aside\n"))
            #expect(try await runCLI(["check"], dataDir: folder).status == 1)
            let repair = try await runCLI(["check", "--repair"], dataDir: folder)
            #expect(repair.status == 0, "\(repair.output)")
            #expect(repair.output.contains("quarantined:"))
            #expect(try await runCLI(["list"], dataDir: folder).errors.isEmpty)
        }
    }

    @Test("a --data-dir that does not exist is refused (66) and not created; --create makes it")
    func misspelledDataFolder() async throws {
        try await withTemporaryFolder { folder in
            let typo = folder.appendingPathComponent("PrivateDocumnets")
            for arguments in [["add", "Gloom"], ["serve", "--port", "0"]] {
                let run = try await runCLI(arguments, dataDir: typo)
                #expect(run.status == 66, "\(arguments): \(run.errors)")
                #expect(run.errors == "scary-creatures: error: there is no data folder at \(typo.path); check the path, or add --create to start a new one there\n")
                #expect(!FileManager.default.fileExists(atPath: typo.path))
            }
            let created = try await runCLI(["add", "Gloom", "--create"], dataDir: typo)
            #expect(created.status == 0, "\(created.errors)")
            #expect(try await runCLI(["list"], dataDir: typo).output == "    1  ☆☆☆☆☆  Gloom\n")
        }
    }

    @Test("two processes adding creatures at the same time lose nothing")
    func concurrentProcesses() async throws {
        try await withTemporaryFolder { folder in
            var ids: [Int] = []
            for round in 0..<15 {
                let first = try startCLI(["add", "A\(round)"], dataDir: folder)
                let second = try startCLI(["add", "B\(round)"], dataDir: folder)
                for child in [first, second] {
                    let run = await child.finish()
                    #expect(run.status == 0)
                    if let id = Int(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) { ids.append(id) }
                }
            }
            #expect(Set(ids) == Set(1...30))
            let listed = try await runCLI(["list", "--json"], dataDir: folder).output
            for round in 0..<15 {
                #expect(listed.contains("\"A\(round)\"") && listed.contains("\"B\(round)\""))
            }
        }
    }
}
