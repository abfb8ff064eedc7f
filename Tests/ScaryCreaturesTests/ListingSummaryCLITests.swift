import Foundation
import KeyedArchive
import ScaryCreatures
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("scary-creatures list and the data folder's listing summary", .timeLimit(.minutes(4)))
struct ListingSummaryCLITests {
    /// Waits until every file written before the call is older than the summary's settle time
    /// (1 second) on the clock file times are stamped from: only then are values recorded.
    private func waitUntilSettled() {
        func coarse() -> Int64 {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME_COARSE, &now)
            return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        }
        let settled = coarse() + 1_000_000_000
        while coarse() <= settled { usleep(5_000) }
    }

    /// Writes creature `id`'s data file directly, with values the rules refuse.
    private func writeRaw(_ data: URL, id: Int, title: String, rating: Float) throws {
        let bundle = data.appendingPathComponent("\(id).scarycreature")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let archive = try KeyedArchiver.archivedData(withRoot: ScaryCreatureData(title: title, rating: rating))
        try archive.write(to: bundle.appendingPathComponent("Data.plist"))
    }

    @Test("list prints the same bytes before the summary exists, from it, and after it is deleted")
    func sameOutputWithAndWithoutSummary() async throws {
        try await withTemporaryFolder { folder in
            let data = folder.appendingPathComponent("PrivateDocuments")
            let database = try await ScaryCreatureDatabase.open(at: data)
            let titles = ["Lil' Terror", "Back\\slash", "Ünïcödé 👻", "עברית", "e\u{301}", String(repeating: "Long ", count: 30)]
            for (index, title) in titles.enumerated() {
                _ = try await database.add(title: title, rating: Double(index % 11) / 2)
            }
            try writeRaw(data, id: 20, title: "Esc\u{1B}[31m red\u{202E}", rating: .nan)
            try writeRaw(data, id: 21, title: "  ", rating: 7)
            try writeRaw(data, id: 22, title: String(repeating: "x", count: 900), rating: -0.0)
            try FileManager.default.createDirectory(at: data.appendingPathComponent("23.scarycreature"), withIntermediateDirectories: false)
            try Data("not a plist".utf8).write(to: data.appendingPathComponent("23.scarycreature/Data.plist"))
            waitUntilSettled()

            let summary = data.appendingPathComponent(".listing-summary")
            #expect(!FileManager.default.fileExists(atPath: summary.path))
            let cold = try await runCLI(["list"], dataDir: data)
            let coldJSON = try await runCLI(["list", "--json"], dataDir: data)
            var written = stat()
            #expect(lstat(summary.path, &written) == 0)
            let warm = try await runCLI(["list"], dataDir: data)
            let warmJSON = try await runCLI(["list", "--json"], dataDir: data)
            var after = stat()
            #expect(lstat(summary.path, &after) == 0)
            #expect(after.st_ino == written.st_ino)  // every entry still valid: not rewritten
            try FileManager.default.removeItem(at: summary)
            let again = try await runCLI(["list"], dataDir: data)

            #expect(cold.status == 65)
            #expect(cold.output.hasPrefix("    1  ☆☆☆☆☆  Lil' Terror\n    2  ½☆☆☆☆  Back\\\\slash\n"))
            #expect(cold.output.contains("   20  ?????  Esc\\u{1B}[31m red\\u{202E}  ["))
            #expect(cold.output.hasSuffix("1 creature's folder is DAMAGED and not listed (scary-creatures check says what is wrong; check --repair puts damaged folders aside)\n"))
            for run in [warm, again] {
                #expect(run.output == cold.output)
                #expect(run.errors == cold.errors)
                #expect(run.status == cold.status)
            }
            #expect(warmJSON.output == coldJSON.output)
            #expect(warmJSON.status == coldJSON.status)
        }
    }
}
