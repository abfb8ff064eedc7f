import Foundation
import Testing
import WebTestSupport
import TestSupport

@Suite("homepwner serve: page forms carry their token", .timeLimit(.minutes(4)))
struct FormGuardTests {
    @Test("The inventory page sets the form cookie and puts the token bound to it in its forms; a form without it, or with a cookie and token of an attacker's choosing, is 403, text/plain is 415, with it the item is added")
    func formToken() async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.homepwner(dataDir: folder)
            defer { _ = server.stop() }
            let port = server.port
            let page = try await RawConnection.exchange(port: port, "GET / HTTP/1.1\r\nHost: localhost:\(port)\r\nAccept: text/html\r\n\r\n")
            #expect(page.status == 200)
            let cookie = try #require(page.headers["set-cookie"])
            let match = try #require(cookie.firstMatch(of: /^(homepwner_form_\d+)=([0-9a-f]{64}); Path=\/; HttpOnly; SameSite=Strict$/))
            #expect(match.1 == "homepwner_form_\(port)")
            let id = String(match.2)
            let token = try #require(page.text.firstMatch(of: /<form method="post" action="\/items" class="add-form" id="add-form"><input type="hidden" name="_formtoken" value="([0-9a-f]{64})">/)).1
            #expect(token != id)

            func post(_ type: String, cookie: String?, _ body: String) async throws -> RawResponse {
                let cookieLine = cookie.map { "Cookie: \($0)\r\n" } ?? ""
                return try await RawConnection.exchange(port: port, "POST /items HTTP/1.1\r\nHost: localhost:\(port)\r\nContent-Type: \(type)\r\n\(cookieLine)Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
            }
            let forged = try await post("application/x-www-form-urlencoded", cookie: nil, "name=Forged")
            #expect(forged.status == 403)
            #expect(forged.errorCode == "form_expired")
            #expect(try await post("text/plain", cookie: "homepwner_form_\(port)=\(id)", "_formtoken=\(token)&name=Plain").status == 415)
            // A same-site app can write this host's cookies, and so choose the cookie and the
            // field alike: no token; nor is the cookie's own id copied into the field.
            let chosen = String(repeating: "0123", count: 16)
            #expect(try await post("application/x-www-form-urlencoded", cookie: "homepwner_form_\(port)=\(chosen)", "_formtoken=\(chosen)&name=Chosen").status == 403)
            #expect(try await post("application/x-www-form-urlencoded", cookie: "homepwner_form_\(port)=\(id)", "_formtoken=\(id)&name=Copied").status == 403)
            let added = try await post("application/x-www-form-urlencoded", cookie: "homepwner_form_\(port)=\(id)", "_formtoken=\(token)&name=Real")
            #expect(added.status == 303)
            let (_, _, list) = try await server.request("GET", "api/items")
            let items = try #require(try jsonObject(list)["items"] as? [[String: Any]])
            #expect(items.map { $0["name"] as? String } == ["Real"])
        }
    }
}
