import Foundation
import Testing
@_spi(Testing) import WebSupport
import WebTestSupport

/// The tokens of the Sign out forms in the page header of `html`, in order; nil when the page has
/// no header.
private func signOutTokens(inHeaderOf html: String) -> [String]? {
    guard let header = html.firstMatch(of: /<header class="top[^"]*">(?s:.*?)<\/header>/) else { return nil }
    let form = /<form method="post" action="\/sign-out" class="sign-out"><input type="hidden" name="_formtoken" value="([^"]*)"><button type="submit" class="secondary">Sign out<\/button><\/form>/
    return header.0.matches(of: form).map { String($0.1) }
}

@Suite("The Sign out button in every page's header, on a real server", .timeLimit(.minutes(4)))
struct SignOutButtonTests {
    @Test("Signed in, the list, a creature's page and a missing creature's 404 page each have one Sign out form in the header, posting to /sign-out with the session's form token")
    func signedInPagesOfferSignOut() async throws {
        try await TokenServer.run { raw, _ in
            let created = try await raw.send("POST", "/api/creatures", headers: [TokenServer.bearer, "Content-Type: application/json"], body: #"{"title":"Ghoul","rating":2}"#)
            #expect(created.status == 201)
            let name = "scary_creatures_session_\(raw.port)"
            let session = try #require(RawRequests.cookie(name, setBy: try await raw.signIn(encodedToken: TokenServer.token)))
            for (path, status) in [("/", 200), ("/creatures/1", 200), ("/creatures/999", 404)] {
                let page = try await raw.send("GET", path, headers: ["Accept: text/html", "Cookie: \(name)=\(session)"])
                #expect(page.status == status, "\(path)")
                #expect(page.text.contains(#"<header class="top signed-in">"#), "\(path)")
                #expect(signOutTokens(inHeaderOf: page.text) == [FormToken.token(forSession: session)], "\(path)")
            }
        }
    }

    @Test("Sending the header's Sign out form as the page gave it ends the session: 303 to /sign-in, the cookie cleared, and the next page request is sent to /sign-in")
    func theHeaderFormSignsOut() async throws {
        try await TokenServer.run { raw, _ in
            let name = "scary_creatures_session_\(raw.port)"
            let session = try #require(RawRequests.cookie(name, setBy: try await raw.signIn(encodedToken: TokenServer.token)))
            let page = try await raw.send("GET", "/", headers: ["Accept: text/html", "Cookie: \(name)=\(session)"])
            let token = try #require(signOutTokens(inHeaderOf: page.text)?.first)
            let formCookie = try #require(RawRequests.setCookie("scary_creatures_form_\(raw.port)", in: page)?.split(separator: ";").first)
            let out = try await raw.send(
                "POST", SignIn.signOutPath,
                headers: ["Cookie: \(name)=\(session); \(formCookie)", "Content-Type: application/x-www-form-urlencoded", "Accept: text/html"],
                body: "_formtoken=\(token)"
            )
            #expect(out.status == 303)
            #expect(out.headers["location"] == "/sign-in")
            #expect(RawRequests.setCookie(name, in: out) == "\(name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict")
            let next = try await raw.send("GET", "/", headers: ["Accept: text/html", "Cookie: \(name)=\(session); \(formCookie)"])
            #expect(next.status == 303)
            #expect(next.headers["location"] == "/sign-in")
        }
    }

    @Test("A page asked for with the bearer token (a script, no session) has no Sign out form")
    func bearerPagesHaveNoSignOut() async throws {
        try await TokenServer.run { raw, _ in
            let page = try await raw.send("GET", "/", headers: ["Accept: text/html", TokenServer.bearer])
            #expect(page.status == 200)
            #expect(page.text.contains(#"<header class="top">"#))
            #expect(signOutTokens(inHeaderOf: page.text) == [])
            #expect(!page.text.contains("/sign-out"))
        }
    }

    @Test("A loopback server without a token has no Sign out form on its pages")
    func loopbackPagesHaveNoSignOut() async throws {
        try await withApp(setup: .live) { client, _ in
            let raw = RawRequests(port: try #require(client.port))
            let created = try await raw.send("POST", "/api/creatures", headers: ["Content-Type: application/json"], body: #"{"title":"Ghoul","rating":2}"#)
            #expect(created.status == 201)
            for (path, status) in [("/", 200), ("/creatures/1", 200), ("/creatures/999", 404)] {
                let page = try await raw.send("GET", path, headers: ["Accept: text/html"])
                #expect(page.status == status, "\(path)")
                #expect(page.text.contains(#"<header class="top">"#), "\(path)")
                #expect(signOutTokens(inHeaderOf: page.text) == [], "\(path)")
                #expect(!page.text.contains("/sign-out"), "\(path)")
            }
        }
    }
}
