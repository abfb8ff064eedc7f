import DocumentStore
import DocumentStoreSamples
import Foundation
import KeyedArchive
import Testing
import TestSupport

/// What the folder holds for one bundle: its data record's and its photo's sequence numbers.
private struct BundleState: Equatable {
    var data: Int
    var attachment: Int?
}

@Suite("Crash safety: a writer killed with SIGKILL at random moments", .timeLimit(.minutes(10)), .tags(.slow))
struct CrashTests {
    static let kills = 200

    @Test("after every one of 200 kills, each bundle is old or new, never torn, and every acknowledged write is there")
    func killedWriterLosesNothing() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
            var known: [Int: BundleState] = [:]
            var nextSequence = 0
            var acknowledged = 0
            var generator = SystemRandomNumberGenerator()
            for round in 0..<Self.kills {
                let child = try startStress(["churn", root.path, "\(nextSequence)", "\(round)"])
                try await Task.sleep(for: .milliseconds(Int.random(in: 5...150, using: &generator)))
                child.kill()
                let result = await child.finish()
                #expect(result.killed, "round \(round): the child ended by itself: \(result.errors)")
                let (expected, largestAcknowledged) = Self.apply(result.lines, to: known)
                acknowledged += result.lines.count
                let onDisk = try await Self.readState(of: folder, round: round)
                Self.verify(onDisk, against: expected, inFlightAbove: max(largestAcknowledged, nextSequence), round: round)
                known = onDisk
                nextSequence = max(nextSequence, largestAcknowledged) + 1_000
                if round % 50 == 49 {
                    try await folder.open()
                    #expect(leftovers(in: root).isEmpty, "round \(round): \(leftovers(in: root))")
                }
            }
            print("crash test: \(Self.kills) kills, \(acknowledged) acknowledged operations, \(known.count) bundles at the end")
            #expect(acknowledged > Self.kills)
        }
    }

    /// The state the acknowledged lines promise, and the largest sequence number they mention.
    private static func apply(_ lines: [String], to start: [Int: BundleState]) -> ([Int: BundleState], Int) {
        var state = start
        var largest = -1
        for line in lines {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let id = Int(fields[1]) else { continue }
            let sequence = fields.count > 2 ? Int(fields[2]) ?? -1 : -1
            largest = max(largest, sequence)
            switch fields[0] {
            case "created": state[id] = BundleState(data: sequence, attachment: nil)
            case "wrote": state[id]?.data = sequence
            case "attached": state[id]?.attachment = sequence
            case "deleted": state[id] = nil
            default: Issue.record("unexpected line \(line)")
            }
        }
        return (state, largest)
    }

    /// Lists the folder and reads every photo, failing on anything torn.
    private static func readState(of folder: DocumentFolder, round: Int) async throws -> [Int: BundleState] {
        let listing = try await folder.list { try KeyedUnarchiver.unarchive(StressRecord.self, from: $0) }
        #expect(listing.problems.isEmpty, "round \(round): \(listing.problems)")
        var state: [Int: BundleState] = [:]
        for document in listing.documents {
            #expect(document.value.isIntact, "round \(round): bundle \(document.bundle.id) data fails its checksum")
            var bundleState = BundleState(data: document.value.sequence, attachment: nil)
            if let photo = try? await folder.readAttachment(named: "photo.bin", of: document.bundle.id) {
                let record = try? KeyedUnarchiver.unarchive(StressRecord.self, from: photo)
                #expect(record?.isIntact == true, "round \(round): bundle \(document.bundle.id) photo is torn")
                bundleState.attachment = record?.sequence
            }
            state[document.bundle.id] = bundleState
        }
        return state
    }

    /// Every promised bundle is there with its promised contents or the one in-flight newer write;
    /// anything else on disk is the in-flight operation's, and there is at most one of those.
    private static func verify(_ disk: [Int: BundleState], against expected: [Int: BundleState], inFlightAbove largest: Int, round: Int) {
        var inFlight = 0
        for (id, promised) in expected {
            guard let found = disk[id] else {
                // Only a deletion in flight can remove a promised bundle.
                inFlight += 1
                continue
            }
            if found.data != promised.data {
                #expect(found.data > largest, "round \(round): bundle \(id) has data \(found.data), promised \(promised.data)")
                inFlight += 1
            }
            if found.attachment != promised.attachment {
                #expect((found.attachment ?? -1) > largest, "round \(round): bundle \(id) photo \(String(describing: found.attachment)), promised \(String(describing: promised.attachment))")
                inFlight += 1
            }
        }
        for (id, found) in disk where expected[id] == nil {
            #expect(found.data > largest, "round \(round): unexpected bundle \(id) with data \(found.data)")
            inFlight += 1
        }
        #expect(inFlight <= 1, "round \(round): \(inFlight) differences, only one operation can be in flight")
    }
}
