import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
import WebSupport
import ImagingSamples
import WebTestSupport

@Suite("Limits on uploads and event streams at once: 429 beyond them, places given back")
struct WorkLimitTests {
    @Test("with no room, photo uploads (API and page), imports, large bodies and event streams get 429 with Retry-After; nothing is written, small edits go on")
    func refusedWithoutRoom() async throws {
        try await withApp(maxUploads: 0, maxEventStreams: 0) { client, _ in
            let created = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Pic"}"#))
            #expect(created.status == .created)
            let large = #"{"title":"Big"}"# + String(repeating: " ", count: 70_000)
            let refused: [(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer)] = [
                ("/api/creatures/1/photo", .put, [.contentType: "image/png"], body(try SamplePhotos.png())),
                ("/api/imports", .post, [.contentType: "application/zip"], body("PK")),
                ("/creatures/1/photo", .post, [.contentType: "multipart/form-data; boundary=x"], body("--x--\r\n")),
                ("/api/events", .get, [:], ByteBuffer()),
                ("/api/creatures/1", .patch, [.contentType: "application/json", .contentLength: "\(large.utf8.count)"], body(large)),
            ]
            for request in refused {
                let response = try await client.execute(uri: request.uri, method: request.method, headers: request.headers, body: request.body)
                #expect(response.status == .tooManyRequests, "\(request.method) \(request.uri)")
                #expect(response.headers[.retryAfter] == "1", "\(request.method) \(request.uri)")
                #expect(try errorCode(response) == "too_many_requests", "\(request.method) \(request.uri)")
            }
            #expect(try await client.execute(uri: "/api/creatures/1/photo", method: .get).status == .notFound)
            let small = try await client.execute(uri: "/api/creatures/1", method: .patch, headers: jsonHeaders, body: body(#"{"rating":4}"#))
            #expect(small.status == .ok)
            let creature = try json(try await client.execute(uri: "/api/creatures/1", method: .get))
            #expect(creature["title"] as? String == "Pic")
            #expect(creature["rating"] as? Double == 4)
        }
    }

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
