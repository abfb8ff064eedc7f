import Foundation
import HummingbirdTesting
import Testing
@_spi(Testing) import WebSupport
import WebTestSupport

@Suite("Page forms on a real server: the form token is bound, not copied", .timeLimit(.minutes(4)))
struct FormTokenBindingTests {
    @Test("A form whose token matches a cookie the attacker chose (a same-site app can overwrite cookies) is refused with 403; the page's own pair passes")
    func attackerChosenCookieRefused() async throws {
        try await withApp(setup: .live) { client, _ in
            let raw = RawRequests(port: try #require(client.port))
            let cookieName = "scary_creatures_form_\(raw.port)"
            let page = try await raw.send("GET", "/", headers: ["Accept: text/html"])
            let held = try #require(RawRequests.cookie(cookieName, setBy: page))
            let field = try #require(RawRequests.formToken(in: page.text))
            let form = "Content-Type: application/x-www-form-urlencoded"
            let chosen = String(repeating: "0123", count: 16)
            let forged = try await raw.send("POST", "/creatures", headers: [form, "Cookie: \(cookieName)=\(chosen)"], body: "_formtoken=\(chosen)&title=Forged")
            #expect(forged.status == 403)
            #expect(forged.errorCode == "form_expired")
            // The page's cookie copied into the field is no token either.
            let copied = try await raw.send("POST", "/creatures", headers: [form, "Cookie: \(cookieName)=\(held)"], body: "_formtoken=\(held)&title=Copied")
            #expect(copied.status == 403)
            let real = try await raw.send("POST", "/creatures", headers: [form, "Cookie: \(cookieName)=\(held)"], body: "_formtoken=\(field)&title=Real")
            #expect(real.status == 303)
            // On a connection of its own: the test client's, opened at the start, may have been
            // closed as idle while a loaded machine ran the requests above.
            let list = try JSONSerialization.jsonObject(with: Data(try await raw.send("GET", "/api/creatures").body)) as? [String: Any]
            #expect((list?["creatures"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Real"])
        }
    }

    @Test("Signed in, a page's forms carry the token bound to the session: a token made for a form cookie (that a same-site app could write) is refused")
    func tokenModeFormsAreBoundToTheSession() async throws {
        try await TokenServer.run { raw, _ in
            let session = "scary_creatures_session_\(raw.port)=\(try #require(RawRequests.cookie("scary_creatures_session_\(raw.port)", setBy: try await raw.signIn(encodedToken: TokenServer.token))))"
            let page = try await raw.send("GET", "/", headers: ["Accept: text/html", "Cookie: \(session)"])
            let field = try #require(RawRequests.formToken(in: page.text))
            let chosen = String(repeating: "0123", count: 16)
            let formCookie = "scary_creatures_form_\(raw.port)=\(chosen)"
            #expect(field != FormToken.token(forFormCookie: chosen))
            let form = "Content-Type: application/x-www-form-urlencoded"
            let forged = try await raw.send(
                "POST", "/creatures", headers: [form, "Cookie: \(session); \(formCookie)"], body: "_formtoken=\(FormToken.token(forFormCookie: chosen))&title=Forged"
            )
            #expect(forged.status == 403)
            let real = try await raw.send("POST", "/creatures", headers: [form, "Cookie: \(session); \(formCookie)"], body: "_formtoken=\(field)&title=Real")
            #expect(real.status == 303)
            let list = try await raw.send("GET", "/api/creatures", headers: [TokenServer.bearer])
            #expect(list.text.contains("\"title\":\"Real\""))
            #expect(!list.text.contains("Forged"))
        }
    }
}
