import Foundation
import Testing
import WebSupport
import WebTestSupport

/// Signing out of Scary Creatures from its page (its form token); the sessions themselves are
/// tested once, in `WebSupportTests/TokenModeContractTests`.
@Suite("Token mode on a real server: signing out from a page", .timeLimit(.minutes(4)))
struct TokenModeSessionTests {
    @Test("Signing out ends the session: the cookie is cleared, the same id is refused afterwards; without the page's form token sign-out is 403")
    func signOutEndsTheSession() async throws {
        try await TokenServer.run { raw, _ in
            let name = "scary_creatures_session_\(raw.port)"
            let session = try #require(RawRequests.cookie(name, setBy: try await raw.signIn(encodedToken: TokenServer.token)))
            let page = try await raw.send("GET", "/", headers: ["Accept: text/html", "Cookie: \(name)=\(session)"])
            #expect(page.status == 200)
            let field = try #require(RawRequests.formToken(in: page.text))
            let formCookie = try #require(RawRequests.setCookie("scary_creatures_form_\(raw.port)", in: page)?.split(separator: ";").first)
            let cookies = "Cookie: \(name)=\(session); \(formCookie)"
            let form = "Content-Type: application/x-www-form-urlencoded"
            let forged = try await raw.send("POST", "/sign-out", headers: [cookies, form, "Accept: text/html"], body: "")
            #expect(forged.status == 403)
            #expect(try await raw.send("GET", "/api/creatures", headers: ["Cookie: \(name)=\(session)"]).status == 200)
            let out = try await raw.send("POST", "/sign-out", headers: [cookies, form, "Accept: text/html"], body: "_formtoken=\(field)")
            #expect(out.status == 303)
            #expect(out.headers["location"] == "/sign-in")
            #expect(RawRequests.setCookie(name, in: out) == "\(name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict")
            #expect(try await raw.send("GET", "/api/creatures", headers: ["Cookie: \(name)=\(session)"]).status == 401)
            let again = try await raw.send("GET", "/", headers: ["Accept: text/html", "Cookie: \(name)=\(session)"])
            #expect(again.status == 303)
            #expect(again.headers["location"] == "/sign-in")
        }
    }
}
