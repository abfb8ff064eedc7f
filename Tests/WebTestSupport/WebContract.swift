import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// What every app built on WebSupport answers, written once: `WebSupportTests` holds
/// ``ContractApp`` to it, and each app's tests hold the real app to it where the app's wiring
/// matters (its routes, its cache, its `serve` command), each check given the app's routes.
public enum WebContract {
    /// A route and what to send it: a method, a path and a body of a `Content-Type`.
    public struct Route: Sendable, CustomStringConvertible {
        /// The method (`GET`, `POST`, …).
        public var method: String
        /// The path.
        public var path: String
        /// The body's `Content-Type`.
        public var type: String
        /// The body.
        public var body: String

        /// A route and its body.
        public init(_ method: String, _ path: String, type: String = "application/json", body: String = "") {
            (self.method, self.path, self.type, self.body) = (method, path, type, body)
        }

        /// `METHOD path`.
        public var description: String { "\(method) \(path)" }
    }

    /// HEAD answers wherever GET does at each of `uris`: the same status, `Content-Type`,
    /// `ETag` and `Cache-Control`, a `Content-Length` of GET's body, and no body.
    public static func expectHeadAnswersLikeGet(
        _ client: some TestClientProtocol, uris: [String], headers: HTTPFields = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for uri in uris {
            let get = try await client.execute(uri: uri, method: .get, headers: headers)
            let head = try await client.execute(uri: uri, method: .head, headers: headers)
            #expect(head.status == get.status, "\(uri)", sourceLocation: sourceLocation)
            #expect(head.body.readableBytes == 0, "\(uri)", sourceLocation: sourceLocation)
            #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(uri)", sourceLocation: sourceLocation)
            for name in [HTTPField.Name.contentType, .eTag, .cacheControl] {
                #expect(head.headers[name] == get.headers[name], "\(uri) \(name)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Bodies that lie are the client's error, never a 500: every malformed chunked body and an
    /// unknown transfer coding sent to each of `routes` is 400 `bad_request`, and a 30 MB
    /// chunked body sent to `upload` (a photo's `PUT`, `image/png`) is 413 `too_large`.
    public static func expectLyingBodiesRefused(
        port: Int, routes: [Route], upload: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for route in routes {
            for body in WireAttacks.malformedChunkedBodies {
                let response = try await RawConnection.exchange(port: port, WireAttacks.chunked(route.method, route.path, type: route.type, body: body))
                #expect(response.status == 400, "\(route) \(body.debugDescription)", sourceLocation: sourceLocation)
                #expect(response.errorCode == "bad_request", "\(route)", sourceLocation: sourceLocation)
            }
            let unknown = try await RawConnection.exchange(port: port, WireAttacks.unknownCoding(route.method, route.path, type: route.type))
            #expect(unknown.status == 400, "\(route)", sourceLocation: sourceLocation)
        }
        let connection = try RawConnection(port: port)
        try await connection.send(WireAttacks.chunked("PUT", upload, type: "image/png", body: ""))
        try? await connection.send(WireAttacks.largeChunkedBody(size: 30 << 20))
        let tooLarge = try await connection.readResponse()
        #expect(tooLarge.status == 413, sourceLocation: sourceLocation)
        #expect(tooLarge.errorCode == "too_large", sourceLocation: sourceLocation)
    }

    /// A `Content-Type` that repeats a parameter (`charset=utf-8; Charset=utf-8`) is 400
    /// `bad_request` on each of `routes`, whatever the route would do with the body.
    public static func expectRepeatedContentTypeRefused(port: Int, routes: [Route], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for route in routes {
            for repeated in WireAttacks.repeatedParameters(of: route.type) {
                let response = try await RawConnection.exchange(port: port, WireAttacks.withBody(route.method, route.path, type: repeated, body: route.body))
                #expect(response.status == 400, "\(route) \(repeated)", sourceLocation: sourceLocation)
                #expect(response.errorCode == "bad_request", "\(route) \(repeated)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Every one of `routes`, as a page whose name was rebound to 127.0.0.1 sends it (a
    /// foreign `Host` and `Origin`), over HTTP/1.1 and HTTP/1.0, is 421 `unknown_host` (the
    /// code in every answer but HEAD's). Paths under `/api` carry JSON, others a form.
    public static func expectForeignHostRefused(port: Int, routes: [Route], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for version in ["HTTP/1.1", "HTTP/1.0"] {
            for route in routes {
                let request = "\(route.method) \(route.path) \(version)\r\nHost: evil.example:\(port)\r\nOrigin: http://evil.example:\(port)\r\n"
                    + "Content-Type: \(route.path.hasPrefix("/api") ? "application/json" : "application/x-www-form-urlencoded")\r\n"
                    + "Content-Length: \(route.body.utf8.count)\r\n\r\n\(route.body)"
                let response = try await RawConnection.exchange(port: port, request)
                #expect(response.status == 421, "\(version) \(route)", sourceLocation: sourceLocation)
                if route.method != "HEAD" { #expect(response.errorCode == "unknown_host", "\(route)", sourceLocation: sourceLocation) }
            }
        }
    }

    /// One client holding every place cannot lock a new page out: of 300 event streams all
    /// are served, the oldest beyond the server's `limit` (256 by default) ended by the server,
    /// and once all close the next stream is 200.
    public static func expectEventStreamPlaces(port: Int, limit: Int = 256, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let outcome = try await EventStreamFlood.run(port: port, count: 300)
        #expect(outcome.opened == 300, sourceLocation: sourceLocation)
        #expect(outcome.refused == 0, sourceLocation: sourceLocation)
        #expect(outcome.endedByServer == Array(0..<(300 - limit)), sourceLocation: sourceLocation)
        // Each closed connection is noticed as it closes; a second is the bound the issue sets.
        #expect(outcome.afterClosing == 200, sourceLocation: sourceLocation)
    }
}
