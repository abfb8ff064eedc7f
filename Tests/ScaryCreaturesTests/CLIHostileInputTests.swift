import Foundation
import Testing
import TestSupport
import ImagingSamples

@Suite("The scary-creatures command with files other programs left behind", .timeLimit(.minutes(4)))
struct CLIHostileInputTests {
    @Test("an out-of-range rating is listed with a mark and its problem, never a crash, and rate fixes it", arguments: [
        (7.0, "7.0"), (-1.0, "-1.0"), (Double.nan, "nan"), (Double.infinity, "inf"), (1e30, "1e+30"),
    ])
    func invalidRating(rating: Double, shown: String) async throws {
        try await withTemporaryFolder { folder in
            try StoredCreature(title: "Odd", rating: rating).write(as: 1, in: folder)
            let list = try await runCLI(["list"], dataDir: folder)
            #expect(list.status == 0, "\(list.errors)")
            #expect(list.output == "    1  ?????  Odd  [the rating \(shown) is not 0 to 5 in steps of 0.5]\n")
            let json = try await runCLI(["list", "--json"], dataDir: folder)
            #expect(json.status == 0, "\(json.errors)")
            let listing = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let creature = try #require((listing["creatures"] as? [[String: Any]])?.first)
            #expect(creature["problems"] as? [String] == ["the rating \(shown) is not 0 to 5 in steps of 0.5"])
            if rating.isFinite {
                #expect((creature["rating"] as? NSNumber)?.floatValue == Float(rating))
            } else {
                #expect(creature["rating"] is NSNull)
            }
            let show = try await runCLI(["show", "1"], dataDir: folder)
            #expect(show.status == 0, "\(show.errors)")
            #expect(show.output.contains("problem: the rating \(shown) is not 0 to 5 in steps of 0.5 (fix with: scary-creatures rate 1 RATING)"))
            let check = try await runCLI(["check"], dataDir: folder)
            #expect(check.status == 1)
            #expect(check.errors.isEmpty, "\(check.errors)")
            #expect(check.output.contains("creature 1: the rating \(shown) is not 0 to 5 in steps of 0.5; fix with: scary-creatures rate 1 RATING"))
            #expect(try await runCLI(["rename", "1", "Still odd"], dataDir: folder).status == 0)
            #expect(try await runCLI(["rate", "1", "3"], dataDir: folder).output == "    1  ★★★☆☆  Still odd\n")
            #expect(try await runCLI(["check"], dataDir: folder).status == 0)
        }
    }

    @Test("terminal escape sequences in a title are printed escaped, and the title is reported")
    func controlCharactersInTitle() async throws {
        try await withTemporaryFolder { folder in
            try StoredCreature(title: "Evil\u{1B}[2J\u{1B}]0;owned\u{07}\\Bug\r", rating: 2).write(as: 1, in: folder)
            let list = try await runCLI(["list"], dataDir: folder)
            #expect(list.output == "    1  ★★☆☆☆  Evil\\u{1B}[2J\\u{1B}]0;owned\\u{7}\\\\Bug\\u{D}  [the title contains control characters]\n")
            let show = try await runCLI(["show", "1"], dataDir: folder)
            #expect(show.output.contains("title:  Evil\\u{1B}[2J\\u{1B}]0;owned\\u{7}\\\\Bug\\u{D}\n"))
            #expect(try await runCLI(["rename", "1", "Good Bug"], dataDir: folder).output == "    1  ★★☆☆☆  Good Bug\n")
        }
    }

    @Test("--data-dir and --json work before the subcommand as well as after it")
    func optionsBeforeSubcommand() async throws {
        try await withTemporaryFolder { folder in
            #expect(try await runCLI(["--data-dir", folder.path, "add", "Ghost"], dataDir: nil).output == "1\n")
            #expect(try await runCLI(["--data-dir", folder.path, "list"], dataDir: nil).output == "    1  ☆☆☆☆☆  Ghost\n")
            let json = try await runCLI(["--data-dir=\(folder.path)", "--json", "list"], dataDir: nil)
            #expect(json.status == 0, "\(json.errors)")
            #expect(json.output.contains("\"title\" : \"Ghost\""))
        }
    }

    @Test("check with a bad bundle prints its report and exits 1 with nothing on stderr")
    func checkExitStatus() async throws {
        try await withTemporaryFolder { folder in
            let bad = folder.appendingPathComponent("1.scarycreature")
            try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
            try Data("not a plist".utf8).write(to: bad.appendingPathComponent("Data.plist"))
            let check = try await runCLI(["check"], dataDir: folder)
            #expect(check.status == 1)
            #expect(check.errors == "")
            #expect(check.output.hasSuffix("problems found (run with --repair to fix what can be fixed)\n"))
        }
    }

    @Test("read-only commands on a mistyped folder say so and create nothing")
    func missingFolder() async throws {
        try await withTemporaryFolder { folder in
            let missing = folder.appendingPathComponent("PrivateDocumnets")
            for arguments in [["list"], ["show", "1"], ["list", "--json"]] {
                let run = try await runCLI(arguments, dataDir: missing)
                #expect(run.status == 66)
                #expect(run.errors == "scary-creatures: error: there is no data folder at \(missing.path)\n")
            }
            #expect(!FileManager.default.fileExists(atPath: missing.path))
        }
    }

    @Test("show never writes: a missing thumbnail is reported, and check --repair makes it")
    func showIsReadOnly() async throws {
        try await withTemporaryFolder { folder in
            let photo = folder.appendingPathComponent("photo.png")
            try SamplePhotos.png().write(to: photo)
            let data = folder.appendingPathComponent("data")
            #expect(try await runCLI(["add", "Pic", "--image", photo.path, "--create"], dataDir: data).status == 0)
            let thumbnail = data.appendingPathComponent("1.scarycreature/thumbImage.png")
            try FileManager.default.removeItem(at: thumbnail)
            let show = try await runCLI(["show", "1"], dataDir: data)
            #expect(show.output.contains("photo:  PNG, 200×120, "))
            #expect(show.output.contains("no thumbnail (check --repair makes one)"))
            #expect(!FileManager.default.fileExists(atPath: thumbnail.path))
            #expect(try await runCLI(["check"], dataDir: data).output.contains("photo: 1: no thumbnail"))
            #expect(try await runCLI(["check", "--repair"], dataDir: data).status == 0)
            #expect(FileManager.default.fileExists(atPath: thumbnail.path))
        }
    }

    @Test("a photo that is not a regular file, or is huge, is refused at once without being read", arguments: [
        ("/dev/zero", "PATH is a device, not an image file"),
        ("FOLDER", "PATH is a folder, not an image file"),
        ("FIFO", "PATH is a pipe (FIFO), not an image file"),
        ("HUGE", "PATH is larger than 25 MB (it is 1500000000 bytes), the limit for an image"),
    ])
    func photoThatIsNotAFile(name: String, message: String) async throws {
        try await withTemporaryFolder { folder in
            var path = name
            switch name {
            case "FOLDER":
                path = folder.appendingPathComponent("folder.jpg").path
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            case "FIFO":
                path = folder.appendingPathComponent("fifo.jpg").path
                #expect(mkfifo(path, 0o600) == 0)
            case "HUGE":
                path = folder.appendingPathComponent("huge.jpg").path
                #expect(FileManager.default.createFile(atPath: path, contents: nil))
                #expect(truncate(path, 1_500_000_000) == 0)  // sparse: no disk used
            default: break
            }
            let run = try await runCLI(["add", "x", "--image", path], dataDir: folder.appendingPathComponent("data"))
            #expect(run.status == 65)
            #expect(run.errors == "scary-creatures: error: \(message.replacingOccurrences(of: "PATH", with: path))\n")
        }
    }
}
