import Foundation
import HTTPTypes
import Hummingbird
import Logging
import HummingbirdTesting
import NIOCore
import Testing
import WebSupport
import ImagingSamples
import WebTestSupport

@Suite("Cached answers on a real server", .timeLimit(.minutes(4)))
struct CachedAnswerLiveTests {
    @Test("On a real connection the kept list is answered with the same status, headers and bytes as when it was made")
    func keptListMatchesTheMadeOne() async throws {
        try await withApp(setup: .live) { client, _ in
            for title in ["Ghoul", "Wraith"] {
                _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body("{\"title\":\"\(title)\",\"rating\":2}"))
            }
            let made = try await client.execute(uri: "/api/creatures?sort=title", method: .get)
            let kept = try await client.execute(uri: "/api/creatures?sort=title", method: .get)
            #expect(made.status == .ok)
            #expect(kept.status == .ok)
            #expect(Data(buffer: kept.body) == Data(buffer: made.body))
            var madeHeaders = made.headers
            var keptHeaders = kept.headers
            madeHeaders[.date] = nil
            keptHeaders[.date] = nil
            #expect(keptHeaders == madeHeaders)
            #expect(kept.headers[.date]?.hasSuffix(" GMT") == true)
            #expect(kept.headers[.server] == "scary-creatures")
            #expect(kept.headers[.xContentTypeOptions] == "nosniff")

            // A thumbnail: kept with its entity tag, and a 304 for a client that has it.
            _ = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            let thumbnail = try await client.execute(uri: "/api/creatures/1/thumbnail", method: .get)
            let keptThumbnail = try await client.execute(uri: "/api/creatures/1/thumbnail", method: .get)
            #expect(Data(buffer: keptThumbnail.body) == Data(buffer: thumbnail.body))
            let tag = try #require(thumbnail.headers[.eTag])
            #expect(keptThumbnail.headers[.eTag] == tag)
            #expect(keptThumbnail.headers[.cacheControl] == thumbnail.headers[.cacheControl])
            let notModified = try await client.execute(uri: "/api/creatures/1/thumbnail", method: .get, headers: [.ifNoneMatch: tag])
            #expect(notModified.status == .notModified)
            #expect(notModified.body.readableBytes == 0)
            #expect(notModified.headers[.eTag] == tag)

            // A change is seen at once: the next list is made again and shows it.
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body("{\"title\":\"Banshee\",\"rating\":1}"))
            let after = try await client.execute(uri: "/api/creatures?sort=title", method: .get)
            let titles = (try json(after)["creatures"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
            #expect(titles == ["Banshee", "Ghoul", "Wraith"])
        }
    }
}

/// The 300 KB body the large-body server answers with.
private let largeBody = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }

/// A server whose one cacheable route answers a large body, kept in a file from the first byte
/// (`fileThreshold` 1), behind the pipeline handler.
private func largeBodyServer(cache: ResponseCache) -> some ApplicationProtocol {
    let middleware = ResponseCacheMiddleware<BasicRequestContext>(cache: cache, generation: { 7 }, isCacheable: { $0.uri.path == "/large" })
    let router = Router()
    router.add(middleware: middleware)
    router.get("/large") { _, _ in
        return Response(status: .ok, headers: [.contentType: "application/octet-stream", .eTag: "\"big\""], body: ResponseBody(byteBuffer: ByteBuffer(bytes: largeBody)))
    }
    let handlers: @Sendable () -> [any RemovableChannelHandler] = {
        [CachedResponseChannelHandler(middleware: middleware, logger: Logger(label: "test"), logLevel: .trace)]
    }
    return Application(router: router, server: .http1(configuration: .init(additionalChannelHandlers: handlers())), eventLoopGroupProvider: .shared(ServerThreads.group))
}

@Suite("Large kept bodies sent from their file", .timeLimit(.minutes(4)))
struct KeptFileLiveTests {
    @Test("A large kept body is sent from its in-memory file byte for byte, again and again, and survives the cache dropping it mid-way")
    func largeBodyFromFile() async throws {
        let cache = ResponseCache(budget: 4 << 20, largestEntry: 1 << 20, fileThreshold: 1) { $0[.server] = "large" }
        try await ServerThreads.run { try await largeBodyServer(cache: cache).test(.live) { client in
            let made = try await client.execute(uri: "/large", method: .get)
            let expected = largeBody
            #expect(Array(buffer: made.body) == expected)
            #expect(cache.usage.bytes == 600_000)  // the body and its file
            for _ in 0..<3 {
                let kept = try await client.execute(uri: "/large", method: .get)
                #expect(kept.status == .ok)
                #expect(kept.headers[.server] == "large")
                #expect(kept.headers[.contentLength] == "300000")
                #expect(Array(buffer: kept.body) == expected)
            }
            cache.purge()
            let again = try await client.execute(uri: "/large", method: .get)
            #expect(Array(buffer: again.body) == expected)
        } }
    }

    @Test("A large kept body sent on many connections at once, from both event loops, arrives whole on every one (one shared file descriptor made the second loop's send fail and cut the response after its head)")
    func largeBodyOnManyConnections() async throws {
        let cache = ResponseCache(budget: 4 << 20, largestEntry: 1 << 20, fileThreshold: 1) { $0[.server] = "large" }
        try await ServerThreads.run { try await largeBodyServer(cache: cache).test(.live) { client in
            let port = try #require(client.port)
            let expected = largeBody
            #expect(Array(buffer: try await client.execute(uri: "/large", method: .get).body) == expected)
            let (whole, failed) = await withTaskGroup(of: (Int, Int).self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var whole = 0
                        var failed = 0
                        for _ in 0..<40 {
                            do {
                                let response = try await TestClient.withClient(host: "127.0.0.1", port: port) { connection in
                                    var bodies: [ByteBuffer] = []
                                    for _ in 0..<5 { bodies.append(try await connection.get("/large").body ?? ByteBuffer()) }
                                    return bodies
                                }
                                for body in response { if Array(buffer: body) == expected { whole += 1 } else { failed += 1 } }
                            } catch {
                                failed += 1
                            }
                        }
                        return (whole, failed)
                    }
                }
                return await group.reduce(into: (0, 0)) { $0.0 += $1.0; $0.1 += $1.1 }
            }
            #expect(failed == 0)
            #expect(whole == 8 * 40 * 5)
        } }
    }
}
