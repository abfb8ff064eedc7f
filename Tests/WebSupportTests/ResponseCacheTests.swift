import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
import WebTestSupport
@testable import WebSupport

/// A router whose one cacheable route counts how often it really ran, behind the cache.
private final class CountingApp: Sendable {
    let calls = Atomic<Int>(0)
    let generation = Atomic<UInt64>(1)
    let trusted = Atomic<Bool>(true)
    let cache: ResponseCache

    init(budget: Int = 1 << 20) {
        cache = ResponseCache(budget: budget, largestEntry: 1 << 20)
    }

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: ResponseCacheMiddleware(
            cache: cache,
            generation: { [self] in trusted.load(ordering: .relaxed) ? generation.load(ordering: .relaxed) : nil },
            isCacheable: { $0.uri.path.hasPrefix("/kept") }
        ))
        router.get("/kept/{name}") { [self] request, context in
            let call = calls.add(1, ordering: .relaxed).newValue
            let name = context.parameters.get("name") ?? ""
            if name == "slow" { try await Task.sleep(for: .milliseconds(200)) }
            guard name != "missing" else { throw HTTPError(.notFound) }
            var headers = HTTPFields()
            headers[.eTag] = "\"\(name)\""
            headers[.contentType] = "text/plain"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: "\(name) #\(call)")))
        }
        return router
    }
}

@Suite("Response cache")
struct ResponseCacheTests {
    @Test("A repeated GET is answered from the cache, byte for byte, without running the handler again")
    func repeatedGetIsKept() async throws {
        let app = CountingApp()
        try await Application(router: app.router()).test(.router) { client in
            let first = try await client.execute(uri: "/kept/a?x=1", method: .get)
            let second = try await client.execute(uri: "/kept/a?x=1", method: .get)
            #expect(String(buffer: first.body) == "a #1")
            #expect(String(buffer: second.body) == "a #1")
            #expect(second.headers[.eTag] == "\"a\"")
            #expect(second.headers[.contentType] == "text/plain")
            #expect(app.calls.load(ordering: .relaxed) == 1)
            _ = try await client.execute(uri: "/kept/a?x=2", method: .get)
            #expect(app.calls.load(ordering: .relaxed) == 2)  // another query is another response
        }
    }

    @Test("Eight simultaneous GETs of a missing response make it once and all get it")
    func simultaneousMissesMakeItOnce() async throws {
        let app = CountingApp()
        try await Application(router: app.router()).test(.router) { client in
            let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 {
                    group.addTask { String(buffer: try await client.execute(uri: "/kept/slow", method: .get).body) }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(bodies == Array(repeating: "slow #1", count: 8))
            #expect(app.calls.load(ordering: .relaxed) == 1)
        }
    }

    @Test("A change of generation makes the next GET run the handler again")
    func generationChangeInvalidates() async throws {
        let app = CountingApp()
        try await Application(router: app.router()).test(.router) { client in
            _ = try await client.execute(uri: "/kept/a", method: .get)
            app.generation.add(1, ordering: .relaxed)
            let fresh = try await client.execute(uri: "/kept/a", method: .get)
            #expect(String(buffer: fresh.body) == "a #2")
            let kept = try await client.execute(uri: "/kept/a", method: .get)
            #expect(String(buffer: kept.body) == "a #2")
            #expect(app.calls.load(ordering: .relaxed) == 2)
        }
    }

    @Test("While changes cannot be seen (no generation), nothing is kept or served from the cache")
    func untrustedGenerationBypasses() async throws {
        let app = CountingApp()
        try await Application(router: app.router()).test(.router) { client in
            _ = try await client.execute(uri: "/kept/a", method: .get)
            app.trusted.store(false, ordering: .relaxed)
            let second = try await client.execute(uri: "/kept/a", method: .get)
            let third = try await client.execute(uri: "/kept/a", method: .get)
            #expect(String(buffer: second.body) == "a #2")
            #expect(String(buffer: third.body) == "a #3")
        }
    }

    @Test("If-None-Match with the kept entity tag is a 304 with the tag; another tag gets the body")
    func conditionalGetFromCache() async throws {
        let app = CountingApp()
        try await Application(router: app.router()).test(.router) { client in
            _ = try await client.execute(uri: "/kept/a", method: .get)
            let same = try await client.execute(uri: "/kept/a", method: .get, headers: [.ifNoneMatch: "\"a\""])
            #expect(same.status == .notModified)
            #expect(same.headers[.eTag] == "\"a\"")
            #expect(same.body.readableBytes == 0)
            let other = try await client.execute(uri: "/kept/a", method: .get, headers: [.ifNoneMatch: "\"b\""])
            #expect(other.status == .ok)
            #expect(String(buffer: other.body) == "a #1")
            #expect(app.calls.load(ordering: .relaxed) == 1)
        }
    }

    @Test("Errors, Range requests and paths not marked cacheable always reach the handler")
    func onlyWholeOKResponsesAreKept() async throws {
        let app = CountingApp()
        try await Application(router: app.router()).test(.router) { client in
            #expect(try await client.execute(uri: "/kept/missing", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/kept/missing", method: .get).status == .notFound)
            #expect(app.calls.load(ordering: .relaxed) == 2)
            _ = try await client.execute(uri: "/kept/a", method: .get)
            let ranged = try await client.execute(uri: "/kept/a", method: .get, headers: [.range: "bytes=0-0"])
            #expect(String(buffer: ranged.body) == "a #4")
            #expect(app.calls.load(ordering: .relaxed) == 4)
        }
    }

    @Test("The cache stays within its byte budget, dropping the oldest entries first")
    func budgetEvictsOldest() {
        let cache = ResponseCache(budget: 10, largestEntry: 10)
        let fields = HTTPFields()
        cache.insert(key: "a", generation: 1, headers: fields, body: ByteBuffer(string: "1234"), eTag: nil)
        cache.insert(key: "b", generation: 1, headers: fields, body: ByteBuffer(string: "5678"), eTag: nil)
        cache.insert(key: "c", generation: 1, headers: fields, body: ByteBuffer(string: "90ab"), eTag: nil)
        #expect(cache.entry(for: "a", generation: 1) == nil)
        #expect(cache.entry(for: "b", generation: 1)?.body == ByteBuffer(string: "5678"))
        #expect(cache.entry(for: "c", generation: 1)?.body == ByteBuffer(string: "90ab"))
        #expect(cache.usage.bytes == 8)
        cache.insert(key: "big", generation: 1, headers: fields, body: ByteBuffer(string: "more than ten"), eTag: nil)
        #expect(cache.entry(for: "big", generation: 1) == nil)
        #expect(cache.purge().entries == 2)
        #expect(cache.usage.entries == 0 && cache.usage.bytes == 0)
    }

    @Test("An entry made at an older generation is dropped when looked up")
    func staleEntryIsDropped() {
        let cache = ResponseCache(budget: 100)
        cache.insert(key: "a", generation: 1, headers: HTTPFields(), body: ByteBuffer(string: "old"), eTag: nil)
        #expect(cache.entry(for: "a", generation: 2) == nil)
        #expect(cache.usage.entries == 0)
    }
}
