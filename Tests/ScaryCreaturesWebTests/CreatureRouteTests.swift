import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("The creature routes")
struct CreatureRouteTests {
    @Test("POST creates with 201, Location and ETag; GET answers the same representation")
    func createAndGet() async throws {
        try await withApp { client, _ in
            let created = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Lil Terror","rating":4.5}"#))
            #expect(created.status == .created)
            #expect(created.headers[.location] == "/api/creatures/1")
            let tag = try #require(created.headers[.eTag])
            let creature = try json(created)
            #expect(creature["title"] as? String == "Lil Terror")
            #expect((creature["rating"] as? NSNumber)?.doubleValue == 4.5)
            #expect(tag == "\"\(creature["version"] as? String ?? "")\"")
            #expect(creature["problems"] as? [String] == [])
            let fetched = try await client.execute(uri: "/api/creatures/1", method: .get)
            #expect(fetched.status == .ok)
            #expect(fetched.headers[.eTag] == tag)
            #expect(try json(fetched)["hasPhoto"] as? Bool == false)
        }
    }

    @Test("PATCH with the current If-Match changes; with an old one it is 412 and nothing changes")
    func ifMatch() async throws {
        try await withApp { client, _ in
            let created = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Ghost"}"#))
            let first = try #require(created.headers[.eTag])
            let patched = try await client.execute(uri: "/api/creatures/1", method: .patch, headers: [.contentType: "application/json", .ifMatch: first], body: body(#"{"rating":3}"#))
            #expect(patched.status == .ok)
            let second = try #require(patched.headers[.eTag])
            #expect(second != first)
            let stale = try await client.execute(uri: "/api/creatures/1", method: .patch, headers: [.contentType: "application/json", .ifMatch: first], body: body(#"{"title":"Overwritten"}"#))
            #expect(stale.status == .preconditionFailed)
            #expect(try errorCode(stale) == "version_mismatch")
            let now = try json(try await client.execute(uri: "/api/creatures/1", method: .get))
            #expect(now["title"] as? String == "Ghost")
            #expect((now["rating"] as? NSNumber)?.doubleValue == 3)
            let staleDelete = try await client.execute(uri: "/api/creatures/1", method: .delete, headers: [.ifMatch: first])
            #expect(staleDelete.status == .preconditionFailed)
            let deleted = try await client.execute(uri: "/api/creatures/1", method: .delete, headers: [.ifMatch: second])
            #expect(deleted.status == .noContent)
            #expect(try await client.execute(uri: "/api/creatures/1", method: .get).status == .notFound)
        }
    }

    @Test("bad input gets a JSON error with the right status, never a 500", arguments: [
        ("/api/creatures/abc", "GET", "", 400, "bad_request"),
        ("/api/creatures/0", "GET", "", 400, "bad_request"),
        ("/api/creatures/-3", "GET", "", 400, "bad_request"),
        ("/api/creatures/99", "GET", "", 404, "not_found"),
        ("/api/creatures", "POST", #"{"title":""}"#, 422, "invalid_title"),
        ("/api/creatures", "POST", #"{"title":"x","rating":7}"#, 422, "invalid_rating"),
        ("/api/creatures", "POST", #"{"title":"x","rating":2.3}"#, 422, "invalid_rating"),
        ("/api/creatures", "POST", #"{"nope":1}"#, 400, "bad_request"),
        ("/api/creatures", "POST", "not json", 400, "bad_request"),
        ("/api/creatures?limit=0", "GET", "", 400, "bad_request"),
        ("/api/creatures?cursor=zz", "GET", "", 400, "bad_request"),
        ("/api/creatures?sort=legs", "GET", "", 400, "bad_request"),
    ])
    func errors(uri: String, method: String, text: String, status: Int, code: String) async throws {
        try await withApp { client, _ in
            let response = try await client.execute(
                uri: uri, method: HTTPRequest.Method(method)!, headers: jsonHeaders, body: text.isEmpty ? nil : body(text)
            )
            #expect(response.status.code == status, "\(String(buffer: response.body))")
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(try errorCode(response) == code)
        }
    }

    @Test("a method a known path does not take is 405 with Allow; an unknown path stays 404")
    func methodNotAllowed() async throws {
        try await withApp { client, _ in
            let trace = try await client.execute(uri: "/api/creatures", method: .put)
            #expect(trace.status == .methodNotAllowed)
            #expect(trace.headers[.allow] == "GET, HEAD, POST")
            #expect(try errorCode(trace) == "method_not_allowed")
            let photo = try await client.execute(uri: "/api/creatures/3/photo", method: .post)
            #expect(photo.headers[.allow] == "GET, HEAD, PUT, DELETE")
            let unknown = try await client.execute(uri: "/api/nothing", method: .get)
            #expect(unknown.status == .notFound)
        }
    }

    @Test("If-Match may list several versions; the change goes ahead when one is current")
    func ifMatchList() async throws {
        try await withApp { client, _ in
            let created = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Ghost"}"#))
            let tag = try #require(created.headers[.eTag])
            let listed = try await client.execute(uri: "/api/creatures/1", method: .patch, headers: [.contentType: "application/json", .ifMatch: "\"0000\", \(tag)"], body: body(#"{"rating":2}"#))
            #expect(listed.status == .ok)
            let stale = try await client.execute(uri: "/api/creatures/1", method: .patch, headers: [.contentType: "application/json", .ifMatch: "\"0000\", \(tag)"], body: body(#"{"rating":3}"#))
            #expect(stale.status == .preconditionFailed)
            let long = try await client.execute(uri: "/api/creatures/1", method: .patch, headers: [.contentType: "application/json", .ifMatch: String(repeating: "a", count: 101)], body: body(#"{"rating":3}"#))
            #expect(long.status == .badRequest)
            let nulls = try await client.execute(uri: "/api/creatures/1", method: .patch, headers: jsonHeaders, body: body(#"{"title":null,"rating":null}"#))
            #expect(nulls.status == .unprocessableContent)
            #expect(try errorCode(nulls) == "empty_change")
        }
    }

    @Test("a body of another type is 415")
    func wrongContentType() async throws {
        try await withApp { client, _ in
            let response = try await client.execute(uri: "/api/creatures", method: .post, headers: [.contentType: "text/plain"], body: body("Ghost"))
            #expect(response.status == .unsupportedMediaType)
            #expect(try errorCode(response) == "unsupported_media_type")
        }
    }

    @Test("the list filters by title, sorts by title or rating either way, and pages with a cursor")
    func listing() async throws {
        try await withApp { client, _ in
            for (title, rating) in [("Spider", 2.0), ("Bat", 5.0), ("Big Spider", 1.0), ("Ghost", 3.5)] {
                _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"\#(title)","rating":\#(rating)}"#))
            }
            func titles(_ uri: String) async throws -> ([String], String?) {
                let page = try json(try await client.execute(uri: uri, method: .get))
                return ((page["creatures"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }, page["nextCursor"] as? String)
            }
            #expect(try await titles("/api/creatures").0 == ["Spider", "Bat", "Big Spider", "Ghost"])
            #expect(try await titles("/api/creatures?q=spIDer").0 == ["Spider", "Big Spider"])
            #expect(try await titles("/api/creatures?sort=title").0 == ["Bat", "Big Spider", "Ghost", "Spider"])
            #expect(try await titles("/api/creatures?sort=rating&order=desc").0 == ["Bat", "Ghost", "Spider", "Big Spider"])
            let (first, cursor) = try await titles("/api/creatures?sort=title&limit=3")
            #expect(first == ["Bat", "Big Spider", "Ghost"])
            let next = try #require(cursor)
            let (second, end) = try await titles("/api/creatures?sort=title&limit=3&cursor=\(next)")
            #expect(second == ["Spider"])
            #expect(end == nil)
        }
    }

    @Test("every response carries the security headers, errors included")
    func securityHeaders() async throws {
        try await withApp { client, _ in
            for uri in ["/api/creatures", "/api/creatures/99", "/openapi.yaml"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
            }
        }
    }

    @Test("changes from another site are refused with 403; same-origin ones pass")
    func crossSite() async throws {
        try await withApp { client, _ in
            let foreign = try await client.execute(uri: "/api/creatures", method: .post, headers: [.contentType: "application/json", .origin: "http://evil.example"], body: body(#"{"title":"x"}"#))
            #expect(foreign.status == .forbidden)
            #expect(try errorCode(foreign) == "cross_site")
            let fetchSite = try await client.execute(uri: "/api/creatures", method: .post, headers: [.contentType: "application/json", HTTPField.Name("Sec-Fetch-Site")!: "cross-site"], body: body(#"{"title":"x"}"#))
            #expect(fetchSite.status == .forbidden)
            let same = try await client.execute(uri: "/api/creatures", method: .post, headers: [.contentType: "application/json", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"], body: body(#"{"title":"x"}"#))
            #expect(same.status == .created)
        }
    }

    @Test("with a token, requests without it get 401; with it as a bearer they pass")
    func token() async throws {
        try await withApp(token: "correct-horse-battery-staple") { client, _ in
            let without = try await client.execute(uri: "/api/creatures", method: .get)
            #expect(without.status == .unauthorized)
            let wrong = try await client.execute(uri: "/api/creatures", method: .get, headers: [.authorization: "Bearer correct-horse-battery-stapler"])
            #expect(wrong.status == .unauthorized)
            let right = try await client.execute(uri: "/api/creatures", method: .get, headers: [.authorization: "Bearer correct-horse-battery-staple"])
            #expect(right.status == .ok)
        }
    }

    @Test("the sign-in form sets an HttpOnly cookie with a session id, never the token, that then lets requests in; a wrong token is 401")
    func signIn() async throws {
        try await withApp(token: "correct-horse-battery-staple") { client, _ in
            let form = try await client.execute(uri: "/sign-in", method: .get)
            #expect(form.status == .ok)
            #expect(String(buffer: form.body).contains("<form method=\"post\" action=\"/sign-in\">"))
            let signInHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let wrong = try await client.execute(uri: "/sign-in", method: .post, headers: signInHeaders, body: forms.body("token=guess"))
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers[.setCookie] == nil)
            let right = try await client.execute(uri: "/sign-in", method: .post, headers: signInHeaders, body: forms.body("token=correct-horse-battery-staple"))
            #expect(right.status == .seeOther)
            #expect(right.headers[.location] == "/")
            let cookies = right.headers[values: .setCookie]
            #expect(cookies.first == "scary_creatures_token_80=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict")
            let session = try #require(cookies.last?.firstMatch(of: /^scary_creatures_session_80=([0-9a-f]{64}); Path=\/; HttpOnly; SameSite=Strict$/)).1
            let withCookie = try await client.execute(uri: "/api/creatures", method: .get, headers: [.cookie: "scary_creatures_session_80=\(session)"])
            #expect(withCookie.status == .ok)
            let withToken = try await client.execute(uri: "/api/creatures", method: .get, headers: [.cookie: "scary_creatures_session_80=correct-horse-battery-staple"])
            #expect(withToken.status == .unauthorized)
        }
    }

    @Test("the OpenAPI document the routes were generated from is served as it is")
    func openAPIDocument() async throws {
        try await withApp { client, _ in
            let response = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(response.status == .ok)
            let text = String(buffer: response.body)
            #expect(text.hasPrefix("openapi: \"3.1.0\""))
            #expect(text.contains("operationId: updateCreature"))
        }
    }
}
