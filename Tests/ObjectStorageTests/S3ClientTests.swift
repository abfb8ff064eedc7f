import Foundation
import Testing
import TestSupport
@testable import ObjectStorage

/// A client of a shared local S3 server's bucket, its keys under a prefix of the test's own.
struct TestBucket {
    let server: S3TestServer
    let client: S3Client
    let prefix: String

    init(_ name: String, secret: String? = nil, bucket: String = S3TestServer.bucket, on store: S3Store) async throws {
        server = try await S3TestServer.shared(store)
        client = try server.client(bucket: bucket, secret: secret)
        prefix = S3TestServer.uniquePrefix(name)
    }

    func key(_ name: String) -> String { prefix + name }
}

@Suite("S3 client against the local S3 servers (moto and SeaweedFS, signatures checked)", .serialized)
struct S3ClientTests {
    @Test("keys with spaces, '+', '%', accents, emoji and slashes: put, head, get, list and delete reach the same object", arguments: S3Store.allCases)
    func awkwardKeys(store: S3Store) async throws {
        let bucket = try await TestBucket("awkward", on: store)
        defer { Task { try? await bucket.client.shutdown() } }
        let names = ["a b", "c+d", "100%", "é/ü", "😀 x", "x~y_z.-", "q?r#s&t=u"]
        for (index, name) in names.enumerated() {
            let etag = try await bucket.client.put(bucket.key(name), body: Data("body \(index)".utf8), contentType: "text/plain", metadata: ["title": "t\(index)"])
            let info = try #require(try await bucket.client.head(bucket.key(name)))
            #expect(info.etag == etag)
            #expect(info.size == "body \(index)".utf8.count)
            #expect(info.metadata["title"] == "t\(index)")
            guard case .object(let object) = try await bucket.client.get(bucket.key(name), maxBytes: 1 << 20) else {
                Issue.record("\(name) was not read")
                continue
            }
            #expect(object.body == Data("body \(index)".utf8))
            #expect(object.etag == etag)
        }
        let listed = try await bucket.client.listAll(prefix: bucket.prefix)
        #expect(listed.map(\.key) == names.map(bucket.key).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        for name in names { try await bucket.client.delete(bucket.key(name)) }
        #expect(try await bucket.client.listAll(prefix: bucket.prefix).isEmpty)
        #expect(try await bucket.client.head(bucket.key(names[0])) == nil)
        await #expect(throws: S3Error.self) { _ = try await bucket.client.get(bucket.key(names[0]), maxBytes: 100) }
        try await bucket.client.delete(bucket.key("never-there"))  // deleting nothing is no error
    }

    @Test("a missing object is .notFound; Range reads those bytes; If-None-Match with the current ETag is .notModified", arguments: S3Store.allCases)
    func readsAndConditions(store: S3Store) async throws {
        let bucket = try await TestBucket("reads", on: store)
        defer { Task { try? await bucket.client.shutdown() } }
        do {
            _ = try await bucket.client.get(bucket.key("missing"), maxBytes: 100)
            Issue.record("a missing object was read")
        } catch let error as S3Error {
            #expect(error.code == .notFound)
            #expect(error.status == 404)
            #expect(error.s3Code == "NoSuchKey")
        }
        let etag = try await bucket.client.put(bucket.key("digits"), body: Data("0123456789".utf8))
        guard case .object(let part) = try await bucket.client.get(bucket.key("digits"), range: 2...5, maxBytes: 100) else {
            Issue.record("the range was not read")
            return
        }
        #expect(part.body == Data("2345".utf8))
        guard case .notModified = try await bucket.client.get(bucket.key("digits"), ifNoneMatch: etag, maxBytes: 100) else {
            Issue.record("an unchanged object was read again")
            return
        }
        guard case .object = try await bucket.client.get(bucket.key("digits"), ifNoneMatch: "\"other\"", maxBytes: 100) else {
            Issue.record("a changed object was not read")
            return
        }
        do {
            _ = try await bucket.client.get(bucket.key("digits"), maxBytes: 4)
            Issue.record("an object larger than allowed was read")
        } catch let error as S3Error {
            #expect(error.code == .tooLarge)
        }
    }

    @Test("If-None-Match: * creates once (then 412); If-Match replaces only the version read", arguments: S3Store.allCases)
    func conditionalWrites(store: S3Store) async throws {
        let bucket = try await TestBucket("conditional", on: store)
        defer { Task { try? await bucket.client.shutdown() } }
        let first = try await bucket.client.put(bucket.key("doc"), body: Data("one".utf8), condition: .absent)
        await #expect { try await bucket.client.put(bucket.key("doc"), body: Data("two".utf8), condition: .absent) } throws: {
            ($0 as? S3Error)?.code == .preconditionFailed && ($0 as? S3Error)?.status == 412
        }
        await #expect { try await bucket.client.put(bucket.key("doc"), body: Data("two".utf8), condition: .matching(etag: "\"0000\"")) } throws: {
            ($0 as? S3Error)?.code == .preconditionFailed
        }
        let second = try await bucket.client.put(bucket.key("doc"), body: Data("two".utf8), condition: .matching(etag: first))
        #expect(second != first)
        await #expect { try await bucket.client.put(bucket.key("doc"), body: Data("three".utf8), condition: .matching(etag: first)) } throws: {
            ($0 as? S3Error)?.code == .preconditionFailed
        }
        guard case .object(let object) = try await bucket.client.get(bucket.key("doc"), maxBytes: 100) else { return }
        #expect(object.body == Data("two".utf8))
    }

    @Test("16 clients racing to create one key: exactly one wins, 15 get .preconditionFailed", arguments: S3Store.allCases)
    func racingCreates(store: S3Store) async throws {
        let bucket = try await TestBucket("race", on: store)
        defer { Task { try? await bucket.client.shutdown() } }
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask {
                    do {
                        try await bucket.client.put(bucket.key("n"), body: Data("\(index)".utf8), condition: .absent)
                        return true
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1)
    }

    @Test("ListObjectsV2 pages: 25 keys at 10 a page are 3 pages, in order, with delimiter groups", arguments: S3Store.allCases)
    func paging(store: S3Store) async throws {
        let bucket = try await TestBucket("paging", on: store)
        defer { Task { try? await bucket.client.shutdown() } }
        let names = (0..<25).map { String(format: "%02d.scarycreature/Data.plist", $0) }
        for name in names { try await bucket.client.put(bucket.key(name), body: Data(name.utf8)) }
        var pages: [S3ListPage] = []
        var token: String?
        repeat {
            let page = try await bucket.client.listPage(prefix: bucket.prefix, continuationToken: token, maxKeys: 10)
            pages.append(page)
            token = page.continuationToken
        } while token != nil
        #expect(pages.map(\.objects.count) == [10, 10, 5])
        #expect(pages.flatMap(\.objects).map(\.key) == names.map(bucket.key))
        let folders = try await bucket.client.listPage(prefix: bucket.prefix, delimiter: "/")
        #expect(folders.objects.isEmpty)
        #expect(folders.commonPrefixes == names.map { bucket.key(String($0.prefix(17))) })
    }

    @Test("A wide listing (a page, then ranges at once) gives every key exactly once, a key equal to a boundary and keys past the last one included; one page is one request", arguments: S3Store.allCases)
    func wideListing(store: S3Store) async throws {
        let bucket = try await TestBucket("wide", on: store)
        defer { Task { try? await bucket.client.shutdown() } }
        // Bundles 1…140 (two files each), a key that is exactly a boundary, and keys before the
        // first boundary and after the last.
        var names = (1...140).flatMap { ["\($0).scarycreature/Data.plist", "\($0).scarycreature/image.png"] }
        names += ["2", ".listing-summary", ".changes/w1", "0.scarycreature/Data.plist", "zzz-foreign"]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for name in names { group.addTask { try await bucket.client.put(bucket.key(name), body: Data(name.utf8)) } }
            try await group.waitForAll()
        }
        let boundaries = (1...9).flatMap { first in ["\(first)"] + (0...9).map { "\(first)\($0)" } }
        let parts = try await bucket.client.listWide(prefix: bucket.prefix, boundaries: boundaries, concurrency: 4, maxKeys: 7)
        let keys = parts.flatMap { $0.map(\.key) }
        #expect(keys.count == names.count)
        #expect(keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } == names.map(bucket.key).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        for part in parts { #expect(part.map(\.key) == part.map(\.key).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }) }
        // The first page, then one part per range after its last key (the ranges up to it are skipped).
        #expect(parts.count > 80 && parts.count <= 1 + boundaries.count + 1)
        let small = try await TestBucket("wide-small", on: store)
        defer { Task { try? await small.client.shutdown() } }
        try await small.client.put(small.key("1.scarycreature/Data.plist"), body: Data("x".utf8))
        #expect(try await small.client.listWide(prefix: small.prefix, boundaries: boundaries, concurrency: 4).map { $0.map(\.key) } == [[small.key("1.scarycreature/Data.plist")]])
    }

    @Test("a client dropped without shutdown, its connections open, closes them itself (no crash)", arguments: S3Store.allCases)
    func droppedClient(store: S3Store) async throws {
        var bucket: TestBucket? = try await TestBucket("dropped", on: store)
        try await bucket?.client.put(bucket!.key("x"), body: Data("x".utf8))
        bucket = nil
        let again = try await TestBucket("dropped-again", on: store)
        try await again.client.put(again.key("y"), body: Data("y".utf8))
        try await again.client.shutdown()
    }

    @Test("a wrong secret is .accessDenied (SignatureDoesNotMatch), a missing bucket .notFound (NoSuchBucket): no retries, clear messages", arguments: S3Store.allCases)
    func refusals(store: S3Store) async throws {
        let wrong = try await TestBucket("refused", secret: "not-the-secret", on: store)
        defer { Task { try? await wrong.client.shutdown() } }
        do {
            _ = try await wrong.client.listPage(prefix: wrong.prefix)
            Issue.record("a wrong secret was accepted")
        } catch let error as S3Error {
            #expect(error.code == .accessDenied)
            #expect(error.s3Code == "SignatureDoesNotMatch")
            #expect(error.message.hasPrefix("the storage refused the credentials"))
        }
        let missing = try await TestBucket("missing", bucket: "no-such-bucket-here", on: store)
        defer { Task { try? await missing.client.shutdown() } }
        do {
            _ = try await missing.client.listPage(prefix: "")
            Issue.record("a missing bucket was listed")
        } catch let error as S3Error {
            #expect(error.code == .notFound)
            #expect(error.s3Code == "NoSuchBucket")
            #expect(error.message.hasPrefix("no such bucket"))
        }
    }
}
