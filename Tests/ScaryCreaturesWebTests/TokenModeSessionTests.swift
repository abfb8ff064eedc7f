import Foundation
import Testing
import WebSupport
import WebTestSupport

@Suite("Token mode on a real server: sessions, not the token, in the cookie", .timeLimit(.minutes(2)))
struct TokenModeSessionTests {
    @Test("The access token followed by 256 NUL bytes is refused at sign-in, and no cookie is set")
    func tokenWithTrailingNULsRefused() async throws {
        try await TokenServer.run { raw, _ in
            let padded = try await raw.signIn(encodedToken: TokenServer.token + String(repeating: "%00", count: 256))
            #expect(padded.status == 401)
            #expect(padded.setCookies.isEmpty)
            let withOne = try await raw.signIn(encodedToken: TokenServer.token + "%00")
            #expect(withOne.status == 401)
        }
    }

    @Test("Signing in sets a random session id (64 hex digits, HttpOnly, SameSite=Strict, Path=/), never the token, new at every sign-in; it lets requests in")
    func cookieHoldsASessionNotTheToken() async throws {
        try await TokenServer.run { raw, _ in
            let name = "scary_creatures_session_\(raw.port)"
            let first = try await raw.signIn(encodedToken: TokenServer.token)
            #expect(first.status == 303)
            #expect(first.headers["location"] == "/")
            let line = try #require(RawRequests.setCookie(name, in: first))
            let match = try #require(line.firstMatch(of: /^scary_creatures_session_\d+=([0-9a-f]{64}); Path=\/; HttpOnly; SameSite=Strict$/))
            let session = String(match.1)
            #expect(session != TokenServer.token)
            #expect(first.setCookies.allSatisfy { !$0.contains(TokenServer.token) })
            let second = try #require(RawRequests.cookie(name, setBy: try await raw.signIn(encodedToken: TokenServer.token)))
            #expect(second != session)
            #expect(try await raw.send("GET", "/api/creatures", headers: ["Cookie: \(name)=\(session)"]).status == 200)
            #expect(try await raw.send("GET", "/api/creatures", headers: ["Cookie: \(name)=\(second)"]).status == 200)
            // The token itself in the cookie is no session, and neither is a made-up id.
            #expect(try await raw.send("GET", "/api/creatures", headers: ["Cookie: \(name)=\(TokenServer.token)"]).status == 401)
            #expect(try await raw.send("GET", "/api/creatures", headers: ["Cookie: \(name)=\(String(repeating: "ab", count: 32))"]).status == 401)
            // The cookie of the earlier releases, which held the token, is cleared at sign-in.
            #expect(first.setCookies.contains("scary_creatures_token_\(raw.port)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"))
        }
    }

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

    @Test("A session unused for 12 hours has ended; one used all along ends 7 days after its sign-in")
    func sessionsExpire() async throws {
        let time = ManualTime()
        try await TokenServer.run(TokenModeLimits(now: time.now)) { raw, _ in
            let name = "scary_creatures_session_\(raw.port)"
            func works(_ session: String) async throws -> Bool {
                try await raw.send("GET", "/api/creatures", headers: ["Cookie: \(name)=\(session)"]).status == 200
            }
            let idle = try #require(RawRequests.cookie(name, setBy: try await raw.signIn(encodedToken: TokenServer.token)))
            let busy = try #require(RawRequests.cookie(name, setBy: try await raw.signIn(encodedToken: TokenServer.token)))
            time.advance(by: .seconds(12 * 60 * 60 - 1))
            #expect(try await works(busy))
            time.advance(by: .seconds(1))
            #expect(try await !works(idle))
            // Used every 11 hours, the other lasts until 7 days after its sign-in.
            var elapsed = Duration.seconds(12 * 60 * 60)
            while elapsed + .seconds(11 * 60 * 60) < .seconds(7 * 24 * 60 * 60) {
                time.advance(by: .seconds(11 * 60 * 60))
                elapsed += .seconds(11 * 60 * 60)
                #expect(try await works(busy), "after \(elapsed)")
            }
            time.advance(by: .seconds(7 * 24 * 60 * 60) - elapsed)
            #expect(try await !works(busy))
        }
    }

    @Test("Beyond the most sessions kept, a sign-in ends the least recently used one; the others stay")
    func sessionsAreBounded() async throws {
        let time = ManualTime()
        try await TokenServer.run(TokenModeLimits(maxSessions: 3, now: time.now)) { raw, _ in
            let name = "scary_creatures_session_\(raw.port)"
            func works(_ session: String) async throws -> Bool {
                try await raw.send("GET", "/api/creatures", headers: ["Cookie: \(name)=\(session)"]).status == 200
            }
            var sessions: [String] = []
            for _ in 0..<3 {
                sessions.append(try #require(RawRequests.cookie(name, setBy: try await raw.signIn(encodedToken: TokenServer.token))))
                time.advance(by: .seconds(1))
            }
            #expect(try await works(sessions[0]))  // the first is now the most recently used
            time.advance(by: .seconds(1))
            let fourth = try #require(RawRequests.cookie(name, setBy: try await raw.signIn(encodedToken: TokenServer.token)))
            #expect(try await works(fourth))
            #expect(try await works(sessions[0]))
            #expect(try await !works(sessions[1]))
            #expect(try await works(sessions[2]))
        }
    }
}
