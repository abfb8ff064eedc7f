import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
import WebSupport

@Suite("Limits on uploads and event streams at once: 429 beyond them, places given back")
struct WorkLimitTests {
    @Test("a place is given back once the answer is written, also after an error; while a stream is open the next one gets 429")
    func placesGivenBack() async throws {
        let uploads = WorkLimit(1, of: "uploads")
        let streams = WorkLimit(1, of: "event streams")
        let isOpen = Mutex(false)
        let router = Router()
        router.add(middleware: ErrorMiddleware(map: { _ in nil }))
        router.add(middleware: WorkLimitMiddleware(uploads: uploads, eventStreams: streams, kinds: RouteKinds(uploads: ["/api/things/{id}/photo"], eventStreams: ["/api/events"])))
        router.get("/api/events") { _, _ in
            Response(status: .ok, body: ResponseBody { writer in
                while !isOpen.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(2)) }
                try await writer.write(ByteBuffer(string: "data: {}\n\n"))
                try await writer.finish(nil)
            })
        }
        router.put("/api/things/:id/photo") { request, _ -> HTTPResponse.Status in
            if request.uri.query == "fail" { throw APIError.badRequest("refused on purpose") }
            return .ok
        }
        try await Application(router: router).test(.router) { client in
            var statuses: [HTTPResponse.Status] = []
            for query in ["", "?fail", ""] {
                statuses.append(try await client.execute(uri: "/api/things/1/photo\(query)", method: .put, body: ByteBuffer(string: "x")).status)
            }
            #expect(statuses == [.ok, .badRequest, .ok])
            #expect(uploads.count == 0)
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                group.addTask { try await client.execute(uri: "/api/events", method: .get).status }
                while streams.count == 0 { try await Task.sleep(for: .milliseconds(2)) }
                let second = try await client.execute(uri: "/api/events", method: .get)
                #expect(second.status == .tooManyRequests)
                #expect(second.headers[.retryAfter] == "1")
                isOpen.withLock { $0 = true }
                #expect(try await group.next() == .ok)
            }
            #expect(streams.count == 0)
            #expect(try await client.execute(uri: "/api/events", method: .get).status == .ok)
        }
    }

    @Test("a limit admits exactly its number at once, refuses the next with a message naming it, and counts places given back")
    func limitCounts() async throws {
        let limit = WorkLimit(2, of: "photo uploads", retryAfterSeconds: 3)
        try limit.enter()
        try limit.enter()
        let refusal = try #require(throws: APIError.self) { try limit.enter() }
        #expect(refusal.status == .tooManyRequests)
        #expect(refusal.code == "too_many_requests")
        #expect(refusal.message == "the server is already handling 2 photo uploads, its limit; try again in 3 seconds")
        #expect(refusal.headers[.retryAfter] == "3")
        #expect(limit.count == 2)
        limit.leave()
        #expect(try await limit.run { limit.count } == 2)
        #expect(limit.count == 1)
        await #expect(throws: APIError.self) { try await WorkLimit(0, of: "uploads").run { 1 } }
    }
}
