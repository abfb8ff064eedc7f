import DocumentStore
import Foundation
import ObjectStorage
import Synchronization
import Testing
import TestSupport

@testable import DocumentStore

/// A bucket follow's full look (a listing of the whole prefix, seconds long on a busy store)
/// beside its journal passes.
@Suite("Bucket follow: a slow full look keeps no change waiting", .serialized, .timeLimit(.minutes(3)))
struct BucketFollowLookTests {
    @Test("with the look alongside, a change another writer's journal tells is handled while the look is still listing; the look's findings come after it ends", arguments: S3Store.allCases)
    func passesWhileListing(store: S3Store) async throws {
        let server = try await S3TestServer.shared(store)
        let client = try server.client()
        let location = S3Location(bucket: S3TestServer.bucket, prefix: S3TestServer.uniquePrefix("alongside"))
        let reader = BucketStorage(client: client, location: location)
        let writer = BucketStorage(client: client, location: location)
        let gate = HeldReadBlobStore.ReadGate()
        let handled = Mutex<[String]>([])
        let follow = BucketFollow(interval: .milliseconds(100), fullInterval: .milliseconds(300), fullLookAlongside: true)
        let following = Task {
            await follow.run(reader, since: Date(), full: { await gate.hold(); return "listed" }) { step in
                let told: String
                switch step {
                case .journals(let pass): told = pass.names.sorted().joined(separator: " ")
                case .full(let found): told = "full: \(found)"
                case .failed: told = "failed"
                }
                if !told.isEmpty { handled.withLock { $0.append(told) } }
            }
        }
        await gate.untilAnswered()  // the first look has begun, and is held
        _ = try await writer.putObject(writer.key("1.scarycreature/Data.plist"), body: Data("one".utf8))
        await writer.journal.flush()
        try await waitUntil(limit: .seconds(60)) { handled.withLock { $0.contains("1.scarycreature/Data.plist") } }
        #expect(handled.withLock { $0 } == ["1.scarycreature/Data.plist"], "told while the look still lists; nothing failed")
        await gate.release()
        try await waitUntil(limit: .seconds(60)) { handled.withLock { $0.contains("full: listed") } }
        #expect(handled.withLock { Array($0.prefix(2)) } == ["1.scarycreature/Data.plist", "full: listed"])
        following.cancel()
        await following.value
        await writer.journal.close()
        try await client.shutdown()
    }

    @Test("a look a pass asks for while another runs begins as soon as that one's findings are handed over, not an interval later; none runs on after the follow ends")
    func owedLookFollowsTheRunningOne() async throws {
        let gate = HeldReadBlobStore.ReadGate()
        let begun = Atomic<Int>(0)
        let looks = FullLooks<Int>(interval: .seconds(3600), alongside: true) {
            let number = begun.add(1, ordering: .relaxed).newValue
            await gate.hold()
            return number
        }
        let handled = Mutex<[String]>([])
        let record: @Sendable (BucketFollow.Step<Int>) async -> Void = { step in
            guard case .full(let number) = step else { return handled.withLock { $0.append("other") } }
            handled.withLock { $0.append("full \(number)") }
        }
        looks.owe()
        await looks.step(record)
        await gate.untilAnswered()
        looks.owe()  // e.g. a journal lost batches while the first look listed
        await looks.step(record)
        #expect(begun.load(ordering: .relaxed) == 1, "one look at a time")
        #expect(handled.withLock { $0 }.isEmpty)
        await gate.release()
        try await waitUntil(limit: .seconds(30)) {
            await looks.step(record)
            return handled.withLock { $0.count } == 2
        }
        #expect(handled.withLock { $0 } == ["full 1", "full 2"])
        await looks.step(record)
        #expect(begun.load(ordering: .relaxed) == 2, "not due again for an hour, and none owed")
        await looks.end()
    }
}
