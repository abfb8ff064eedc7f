import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@_spi(Testing) import WebSupport
import WebTestSupport

/// ``WebSupport/FormGuardMiddleware`` once, on ``ContractApp``'s pages over a real socket: the
/// form cookie and token, the refusals, the body types and the multipart bounds. Each app's own
/// test checks only that its pages' forms carry the token.
@Suite("Page forms on a small app: the form token, the body types and the multipart bounds", .timeLimit(.minutes(4)))
struct FormGuardContractTests {
    /// A browser of the app: the form cookie a page set and the token its forms carry.
    private struct Browser {
        let cookie: String
        let id: String
        let token: String

        /// A form's headers, with the cookie.
        func headers(_ type: String = "application/x-www-form-urlencoded") -> HTTPFields {
            [.contentType: type, .accept: "text/html", .cookie: cookie]
        }
    }

    /// Runs `body` against a live ``ContractApp`` holding thing 1 ("Ghost"), with a browser that
    /// opened its page.
    private func withPage(_ body: @escaping @Sendable (any TestClientProtocol, Browser) async throws -> Void) async throws {
        let app = try await ContractApp.build()
        try await ServerThreads.run {
            try await app.test(.live) { client in
                let added = try await client.execute(uri: "/api/things", method: .post, headers: jsonHeaders, body: WebTestSupport.body(#"{"title":"Ghost"}"#))
                #expect(added.status == .created)
                let page = try await client.execute(uri: "/things/1", method: .get, headers: BrowserForms.pageHeaders)
                let setCookie = try #require(page.headers[.setCookie])
                let match = try #require(setCookie.firstMatch(of: /^(things_form_\d+)=([0-9a-f]{64}); Path=\/; HttpOnly; SameSite=Strict$/))
                let token = try #require(text(page).firstMatch(of: /name="_formtoken" value="([0-9a-f]{64})"/)).1
                try await body(client, Browser(cookie: "\(match.1)=\(match.2)", id: String(match.2), token: String(token)))
            }
        }
    }

    /// Thing 1's title, read through the API.
    private func title(_ client: any TestClientProtocol) async throws -> String? {
        try json(try await client.execute(uri: "/api/things/1", method: .get))["title"] as? String
    }

    @Test("A page sets the form cookie (HttpOnly, SameSite=Strict) and its form carries the token bound to the cookie's id, not the id; a browser that holds the cookie keeps it and its token")
    func pageCarriesTheToken() async throws {
        try await withPage { client, browser in
            #expect(browser.token == FormToken.token(forFormCookie: browser.id))
            #expect(browser.token != browser.id)
            let again = try await client.execute(uri: "/things/1", method: .get, headers: [.accept: "text/html", .cookie: browser.cookie])
            #expect(again.headers[.setCookie] == nil)
            #expect(text(again).contains("value=\"\(browser.token)\""))
        }
    }

    @Test("A form without the token, with another token, without the cookie, or with a cookie and token of an attacker's choosing is refused with 403 and changes nothing — a page for browsers, form_expired for other clients; with its token it goes through")
    func forgedFormsRefused() async throws {
        try await withPage { client, browser in
            let bare: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .accept: "text/html"]
            let noToken = try await client.execute(uri: "/things/1", method: .post, headers: browser.headers(), body: body("title=Forged"))
            #expect(noToken.status == .forbidden)
            #expect(text(noToken).contains("<h1>Forbidden</h1>"))
            let wrong = try await client.execute(uri: "/things/1", method: .post, headers: browser.headers(), body: body("_formtoken=\(String(repeating: "0", count: 64))&title=Forged"))
            #expect(wrong.status == .forbidden)
            let noCookie = try await client.execute(uri: "/things/1", method: .post, headers: bare, body: body("_formtoken=\(browser.token)&title=Forged"))
            #expect(noCookie.status == .forbidden)
            // A same-site app can write this host's cookies, and so choose the cookie and the
            // field alike: no token; nor is the cookie's own id copied into the field.
            let chosen = String(repeating: "0123", count: 16)
            var chosenHeaders = bare
            chosenHeaders[.cookie] = browser.cookie.replacingOccurrences(of: browser.id, with: chosen)
            #expect(try await client.execute(uri: "/things/1", method: .post, headers: chosenHeaders, body: body("_formtoken=\(chosen)&title=Chosen")).status == .forbidden)
            #expect(try await client.execute(uri: "/things/1", method: .post, headers: browser.headers(), body: body("_formtoken=\(browser.id)&title=Copied")).status == .forbidden)
            let apiClient = try await client.execute(uri: "/things/1", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: body("title=Forged"))
            #expect(apiClient.status == .forbidden)
            #expect(try errorCode(apiClient) == "form_expired")
            #expect(try await title(client) == "Ghost")
            let real = try await client.execute(uri: "/things/1", method: .post, headers: browser.headers(), body: body("_formtoken=\(browser.token)&title=Real"))
            #expect(real.status == .seeOther)
            #expect(real.headers[.location] == "/things/1")
            #expect(try await title(client) == "Real")
        }
    }

    @Test("A form route takes only form bodies: text/plain (which any site can send), JSON and no type at all are 415, and change nothing")
    func otherBodiesRefused() async throws {
        try await withPage { client, browser in
            for type in ["text/plain", "application/json", ""] {
                var headers: HTTPFields = [.cookie: browser.cookie]
                if !type.isEmpty { headers[.contentType] = type }
                let response = try await client.execute(uri: "/things/1", method: .post, headers: headers, body: body("_formtoken=\(browser.token)&title=Plain"))
                #expect(response.status == .unsupportedMediaType, "\(type)")
            }
            #expect(try await title(client) == "Ghost")
        }
    }

    @Test("Multipart bounds refuse at once: 17 header lines or 9 KiB of headers in a part, a file name over 1,024 bytes (400), more than 100 parts (413); a form within them goes through")
    func multipartBounds() async throws {
        try await withPage { client, browser in
            let boundary = "b0und4ry"
            let headers = browser.headers("multipart/form-data; boundary=\(boundary)")
            func form(_ parts: [String]) -> ByteBuffer {
                ByteBuffer(string: ([#"Content-Disposition: form-data; name="_formtoken""# + "\r\n\r\n\(browser.token)"] + parts)
                    .map { "--\(boundary)\r\n\($0)\r\n" }.joined() + "--\(boundary)--\r\n")
            }
            let manyLines = #"Content-Disposition: form-data; name="photo"; filename="a.png""# + String(repeating: "\r\nX-Pad: 1", count: 16) + "\r\n\r\nx"
            let longHeaders = #"Content-Disposition: form-data; name="photo"; filename="a.png""# + "\r\nX-Pad: " + String(repeating: "p", count: 9000) + "\r\n\r\nx"
            let longName = #"Content-Disposition: form-data; name="photo"; filename=""# + String(repeating: "n", count: 1025) + "\"\r\n\r\nx"
            let manyParts = (0..<100).map { #"Content-Disposition: form-data; name="f\#($0)""# + "\r\n\r\nx" }
            for (parts, status) in [([manyLines], HTTPResponse.Status.badRequest), ([longHeaders], .badRequest), ([longName], .badRequest), (manyParts, .contentTooLarge)] {
                let response = try await client.execute(uri: "/things/1/photo", method: .post, headers: headers, body: form(parts))
                #expect(response.status == status)
            }
            let fine = #"Content-Disposition: form-data; name="photo"; filename="a.png""# + "\r\nContent-Type: image/png\r\n\r\nx"
            #expect(try await client.execute(uri: "/things/1/photo", method: .post, headers: headers, body: form([fine])).status == .seeOther)
        }
    }
}
