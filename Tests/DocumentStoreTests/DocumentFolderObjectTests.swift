import DocumentStore
import DocumentStoreSamples
import Foundation
import ObjectStorage
import Synchronization
import Testing
import TestSupport

/// What a document folder in a bucket promises when several servers share it.
@Suite("Document folder in a bucket: many servers, one prefix", .serialized)
struct DocumentFolderObjectTests {
    @Test("three servers creating at once get unique numbers 1…30, each bundle whole", arguments: StorageKind.buckets)
    func concurrentCreatesAcrossServers(kind: StorageKind) async throws {
        try await withFolderPlace(kind) { _, another, _ in
            let servers = [another(), another(), another()]
            let ids = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<30 {
                    let server = servers[index % 3]
                    group.addTask { try await server.create(data: Data([UInt8(index)]), attachments: ["fullImage.png": Data([UInt8(index)])]).id }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(ids.sorted() == Array(1...30))
            for id in 1...30 {
                #expect(try await servers[0].readData(of: id) == (try await servers[0].readAttachment(named: "fullImage.png", of: id)))
            }
        }
    }

    @Test("100 creations at once on one server take the numbers 1…100, one each, whatever the bucket held before", arguments: StorageKind.buckets)
    func concurrentCreatesOnOneServer(kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, another, bucket in
            let bucket = try #require(bucket)
            try await bucket.client.put(bucket.key("7.scarycreature/Data.plist"), body: Data())
            let fresh = another()
            let ids = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<100 {
                    group.addTask { try await fresh.create(data: Data([UInt8(index)])).id }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(ids.sorted() == Array(8...107))
            #expect(try await folder.bundles().count == 101)
        }
    }

    @Test("a burst of first creations lists the bucket's bundle numbers once, then each creation only its own number", arguments: S3Store.allCases)
    func burstOfFirstCreationsListsOnce(store: S3Store) async throws {
        let server = try await S3TestServer.shared(store)
        let proxy = try await S3FaultProxy.start(upstream: server.endpoint)
        let client = try server.client(endpoint: proxy.endpoint)
        let bucket = BucketStorage(client: client, location: S3Location(bucket: S3TestServer.bucket, prefix: S3TestServer.uniquePrefix("burst")))
        let folder = DocumentFolder(bucket: bucket, configuration: .sampleCreatures)
        try await folder.open()
        let before = try await proxy.log().count
        let ids = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<20 {
                group.addTask { try await folder.create(data: Data([UInt8(index)])).id }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(ids.sorted() == Array(1...20))
        let seen = try await proxy.log().dropFirst(before)
        // Listings are GETs of the bucket itself: one of the numbers, then one per creation of
        // what an interrupted delete may have left under its number.
        #expect(seen.filter { $0.method == "GET" && $0.path == "/\(S3TestServer.bucket)" }.count == 21)
        // One PUT per creation, beside the change journal's own (the roster, the journal).
        #expect(seen.filter { $0.method == "PUT" && !$0.path.contains("/.changes/") }.count == 20)
        try await client.shutdown()
        proxy.stop()
    }

    @Test("an edit whose data write loses to another server's runs again on the new data: both changes kept", arguments: StorageKind.buckets)
    func editConflictRunsAgain(kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, another, _ in
            let id = try await folder.create(data: Data("a".utf8)).id
            let other = another()
            let runs = Atomic<Int>(0)
            try await folder.edit(id) { editor in
                let data = try #require(try editor.readData())
                if runs.add(1, ordering: .relaxed).newValue == 1 {
                    // Another server changes the data between this edit's read and its write.
                    try waitForTest { try await other.writeData(Data("ab".utf8), of: id) }
                }
                try editor.writeData(data + Data("c".utf8))
            }
            #expect(runs.load(ordering: .relaxed) == 2)
            #expect(try await folder.readData(of: id) == Data("abc".utf8))
        }
    }

    @Test("a version check inside an edit sees another server's change: one of two editors fails, never a silent overwrite", arguments: StorageKind.buckets)
    func versionCheckAcrossServers(kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, another, _ in
            let id = try await folder.create(data: Data("v1".utf8)).id
            struct Changed: Error {}
            let servers = [folder, another()]
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for (index, server) in servers.enumerated() {
                    group.addTask {
                        do {
                            try await server.edit(id) { editor in
                                guard try editor.readData() == Data("v1".utf8) else { throw Changed() }
                                try editor.writeData(Data("v2-\(index)".utf8))
                            }
                            return true
                        } catch {
                            return false
                        }
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 1)
            #expect(["v2-0", "v2-1"].map { Data($0.utf8) }.contains(try await folder.readData(of: id)))
        }
    }

    @Test("a photo written by an edit while another server deletes the bundle is removed again, and the edit fails notFound", arguments: StorageKind.buckets)
    func latePhotoAfterDelete(kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, another, bucket in
            let bucket = try #require(bucket)
            let id = try await folder.create(data: Data("a".utf8)).id
            let other = another()
            let error = try await #require(throws: DocumentStoreError.self) {
                try await folder.edit(id) { editor in
                    _ = try editor.readData()
                    try waitForTest { try await other.delete(id) }
                    try editor.writeAttachment(Data([1, 2]), named: "fullImage.png")
                }
            }
            #expect(error.code == .notFound)
            #expect(try await bucket.client.listAll(prefix: bucket.key("\(id).")).isEmpty)
        }
    }

    @Test("a delete still sweeping while another server makes a new bundle under the freed number leaves the new bundle whole", arguments: StorageKind.buckets)
    func deleteDoesNotSweepANewBundle(kind: StorageKind) async throws {
        try await withFolderPlace(kind) { _, another, bucket in
            let bucket = try #require(bucket)
            let server = try await S3TestServer.shared(try #require(kind.store))
            let proxy = try await S3FaultProxy.start(upstream: server.endpoint)
            defer { proxy.stop() }
            let slowClient = try server.client(endpoint: proxy.endpoint, requestTimeout: .seconds(10))
            let slow = DocumentFolder(bucket: BucketStorage(client: slowClient, location: bucket.location), configuration: .sampleCreatures)
            let other = another()
            #expect(try await other.create(data: Data("first".utf8)).id == 1)
            #expect(try await slow.create(data: Data("doomed".utf8), attachments: ["fullImage.png": Data([1])]).id == 2)
            // The delete removes the data file at once, then waits 2 s on the photo.
            try await proxy.plan([], byMethod: ["DELETE": ["pass", "delay"]])
            let deleting = Task { try await slow.delete(2) }
            // The photo's DELETE has reached the proxy, which holds it 2 s.
            try await waitUntil { try await proxy.log().contains { $0.method == "DELETE" && $0.fault == "delay" } }
            // The other server has not seen bundle 2: number 2 looks free to it now.
            let made = try await other.create(data: Data("new".utf8))
            #expect(made.id == 2)
            try await deleting.value
            #expect(try await other.readData(of: 2) == Data("new".utf8))
            #expect(try await other.attachmentNames(of: 2) == [])
            try await slowClient.shutdown()
        }
    }

    @Test("a photo written while another server deletes the bundle and makes a new one under its number never lands on the new one", arguments: StorageKind.buckets)
    func latePhotoAfterNumberReused(kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, another, _ in
            let id = try await folder.create(data: Data("old".utf8)).id
            let other = another()
            let error = try await #require(throws: DocumentStoreError.self) {
                try await folder.edit(id) { editor in
                    _ = try editor.readData()
                    try waitForTest {
                        try await other.delete(id)
                        #expect(try await other.create(data: Data("new".utf8)).id == id)
                    }
                    try editor.writeAttachment(Data([1, 2]), named: "fullImage.png")
                }
            }
            #expect(error.code == .notFound)
            #expect(try await other.readData(of: id) == Data("new".utf8))
            #expect(try await other.attachmentNames(of: id) == [])
            // An edit of the same bundle by another server meanwhile is not a new bundle: the photo stays.
            try await folder.edit(id) { editor in
                _ = try editor.readData()
                try waitForTest { try await other.writeData(Data("newer".utf8), of: id) }
                try editor.writeAttachment(Data([3]), named: "fullImage.png")
            }
            #expect(try await other.attachmentNames(of: id) == ["fullImage.png"])
        }
    }

    @Test("a bundle in a 2010 spelling is found, edited and deleted under that spelling", arguments: StorageKind.buckets)
    func otherSpellings(kind: StorageKind) async throws {
        let configuration = DocumentFolderConfiguration(bundleExtension: "scarybug", extensionMatching: .caseInsensitive, dataFileNames: ["data.plist"])
        try await withFolderPlace(kind, configuration: configuration) { folder, _, bucket in
            let bucket = try #require(bucket)
            try await bucket.client.put(bucket.key("7.ScaryBug/data.plist"), body: Data("old".utf8))
            #expect(try await folder.bundle(7).name == "7.ScaryBug")
            #expect(try await folder.readData(of: 7) == Data("old".utf8))
            try await folder.writeData(Data("new".utf8), of: 7)
            #expect(try await bucket.client.listAll(prefix: bucket.location.prefix).map(\.key) == [bucket.key("7.ScaryBug/data.plist")])
            #expect(try await folder.create(data: Data()).name == "8.scarybug")
            try await folder.delete(7)
            #expect(try await folder.bundles().map(\.name) == ["8.scarybug"])
        }
    }
}

/// Runs `operation` to its end from synchronous code on a blocking-pool thread (inside an edit).
private func waitForTest(_ operation: @escaping @Sendable () async throws -> Void) throws {
    let done = DispatchSemaphore(value: 0)
    let failure = Mutex<(any Error)?>(nil)
    Task {
        do { try await operation() } catch { failure.withLock { $0 = error } }
        done.signal()
    }
    done.wait()
    if let error = failure.withLock({ $0 }) { throw error }
}
