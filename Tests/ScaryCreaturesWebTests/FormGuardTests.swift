import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@_spi(Testing) import WebSupport
import WebTestSupport

@Suite("Page forms: the form token, the body types and the multipart bounds")
struct FormGuardTests {
    @Test("A page sets the form cookie (HttpOnly, SameSite=Strict) and puts the token bound to its id in every form it shows")
    func pageCarriesTheToken() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Ghost"}"#))
            let page = try await client.execute(uri: "/creatures/1", method: .get, headers: BrowserForms.pageHeaders)
            let cookie = try #require(page.headers[.setCookie])
            let match = try #require(cookie.firstMatch(of: /^scary_creatures_form_80=([0-9a-f]{64}); Path=\/; HttpOnly; SameSite=Strict$/))
            let id = String(match.1)
            let token = FormToken.token(forFormCookie: id)
            #expect(token != id)
            let html = text(page)
            let forms = html.components(separatedBy: "<form method=\"post\"").count - 1
            #expect(forms == 5)
            #expect(html.components(separatedBy: "<input type=\"hidden\" name=\"_formtoken\" value=\"\(token)\">").count - 1 == forms)
            // A browser that holds the cookie keeps its token: no new cookie.
            let again = try await client.execute(uri: "/", method: .get, headers: [.accept: "text/html", .cookie: "scary_creatures_form_80=\(id)"])
            #expect(again.headers[.setCookie] == nil)
            #expect(text(again).contains("value=\"\(token)\""))
        }
    }

    @Test("A form without the token, with another token, or without the cookie is refused with 403 and changes nothing — even with no Origin or Sec-Fetch-Site (an older browser)")
    func formWithoutTokenRefused() async throws {
        try await withApp { client, _ in
            let bare: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .accept: "text/html"]
            let noToken = try await client.execute(uri: "/creatures", method: .post, headers: bare, body: body("title=Forged"))
            #expect(noToken.status == .forbidden)
            #expect(text(noToken).contains("<h1>Forbidden</h1>"))
            var withCookie = bare
            withCookie[.cookie] = forms.cookie
            let wrong = try await client.execute(uri: "/creatures", method: .post, headers: withCookie, body: body("_formtoken=\(String(repeating: "0", count: 64))&title=Forged"))
            #expect(wrong.status == .forbidden)
            let noCookie = try await client.execute(uri: "/creatures", method: .post, headers: bare, body: forms.body("title=Forged"))
            #expect(noCookie.status == .forbidden)
            let apiClient = try await client.execute(uri: "/creatures/1/delete", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: body("confirm=yes"))
            #expect(apiClient.status == .forbidden)
            #expect(try errorCode(apiClient) == "form_expired")
            let list = try json(try await client.execute(uri: "/api/creatures", method: .get))
            #expect((list["creatures"] as? [Any])?.isEmpty == true)
            // The same form with its token goes through.
            #expect(try await client.execute(uri: "/creatures", method: .post, headers: forms.headers, body: forms.body("title=Real")).status == .seeOther)
        }
    }

    @Test("A form route takes only form bodies: text/plain (which any site can send) and JSON are 415")
    func textPlainRefused() async throws {
        try await withApp { client, _ in
            for type in ["text/plain", "application/json", ""] {
                var headers: HTTPFields = [.cookie: forms.cookie]
                if !type.isEmpty { headers[.contentType] = type }
                let response = try await client.execute(uri: "/creatures", method: .post, headers: headers, body: forms.body("title=Plain"))
                #expect(response.status == .unsupportedMediaType, "\(type)")
            }
        }
    }

    @Test("Multipart bounds refuse at once: 17 header lines or 9 KiB of headers in a part, a file name over 1,024 bytes (400), more than 100 parts (413)")
    func multipartBounds() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Ghost"}"#))
            let boundary = "b0und4ry"
            let headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)", .cookie: forms.cookie]
            func form(_ parts: [String]) -> ByteBuffer {
                ByteBuffer(string: ([#"Content-Disposition: form-data; name="_formtoken""# + "\r\n\r\n\(forms.token)"] + parts)
                    .map { "--\(boundary)\r\n\($0)\r\n" }.joined() + "--\(boundary)--\r\n")
            }
            let manyLines = #"Content-Disposition: form-data; name="photo"; filename="a.png""# + String(repeating: "\r\nX-Pad: 1", count: 16) + "\r\n\r\nx"
            let longHeaders = #"Content-Disposition: form-data; name="photo"; filename="a.png""# + "\r\nX-Pad: " + String(repeating: "p", count: 9000) + "\r\n\r\nx"
            let longName = #"Content-Disposition: form-data; name="photo"; filename=""# + String(repeating: "n", count: 1025) + "\"\r\n\r\nx"
            let manyParts = (0..<100).map { #"Content-Disposition: form-data; name="f\#($0)""# + "\r\n\r\nx" }
            for (parts, status) in [([manyLines], HTTPResponse.Status.badRequest), ([longHeaders], .badRequest), ([longName], .badRequest), (manyParts, .contentTooLarge)] {
                let response = try await client.execute(uri: "/creatures/1/photo", method: .post, headers: headers, body: form(parts))
                #expect(response.status == status)
            }
        }
    }
}
