import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("SIGKILL at a random moment: items.archive is always old or new, and every acknowledged change survives", .timeLimit(.minutes(5)), .tags(.slow))
struct KillTests {
    @Test("a process hammering adds and updates from 8 tasks is killed 6 times; every printed change is on disk")
    func killedWriters() async throws {
        try await withTemporaryFolder { folder in
            var acknowledged = 0
            for round in 0..<6 {
                let child = try ChildProcess(built: "homepwner-stress", [folder.path, "8"])
                try await Task.sleep(for: .milliseconds(Int.random(in: 150...900)))
                child.kill()
                let run = await child.finish()
                #expect(run.killed, "round \(round): the child ended by itself: \(run.errors)")
                let lines = run.completeLines.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
                let store = ItemStore(storage: .folder(folder), lockTimeout: .seconds(30))
                try await store.load()
                #expect(await store.status == .ready, "round \(round): the archive does not read after the kill")
                let items = try await store.items()
                var byKey: [String: Item] = [:]
                for item in items { byKey[item.itemKey] = item }
                #expect(byKey.count == items.count, "round \(round): duplicate keys")
                for line in lines {
                    guard line.count == (line.first == "updated" ? 3 : line.first == "added" ? 2 : 1) else {
                        Issue.record("round \(round): malformed line \(line)")
                        continue
                    }
                    switch line.first {
                    case "added":
                        #expect(byKey[line[1]] != nil, "round \(round): acknowledged add of \(line[1]) is lost")
                        acknowledged += 1
                    case "updated":
                        #expect(byKey[line[1]]?.valueInDollars == Int(line[2]), "round \(round): acknowledged update of \(line[1]) is lost")
                        acknowledged += 1
                    default:
                        #expect(line == ["ready"], "round \(round): unexpected line \(line)")
                    }
                }
                try await store.close()
                let leftovers = try fileNames(in: folder).filter { $0 != "items.archive" }
                #expect(leftovers.isEmpty, "round \(round): \(leftovers)")
            }
            print("Homepwner SIGKILL test: \(acknowledged) acknowledged changes checked over 6 kills")
            // A run in which no child got as far as a change would have tested nothing.
            #expect(acknowledged > 0, "no child acknowledged a change before it was killed")
        }
    }
}
