import Foundation
import HummingbirdTesting
import Testing
import WebSupport
import WebTestSupport

/// Token mode's sessions and throttle once, on ``ContractApp`` served live in token mode: what
/// ``AccessToken`` and ``AttemptThrottle`` promise whichever app they guard. The apps test only
/// their wiring (what their answers carry, the Sign out button of their pages).
@Suite("Token mode on a real server: sessions, not the token, in the cookie; guessing slowed down", .timeLimit(.minutes(4)))
struct TokenModeContractTests {
    /// The server's access token.
    private static let token = "correct-horse-battery-staple"

    /// Runs `body` against ``ContractApp`` on a free port that needs ``token`` within `limits`,
    /// with raw requests to it and the session cookie's name.
    private func withTokenApp(
        _ limits: TokenModeLimits = TokenModeLimits(), _ body: @escaping @Sendable (RawRequests, _ cookie: String) async throws -> Void
    ) async throws {
        var configuration = WebConfiguration(port: 0, token: Self.token)
        configuration.tokenMode = limits
        let app = try await ContractApp.build(configuration)
        try await ServerThreads.run {
            try await app.test(.live) { client in
                let port = try #require(client.port)
                try await body(RawRequests(port: port), "things_session_\(port)")
            }
        }
    }

    @Test("The access token followed by 256 NUL bytes, or by one, is refused at sign-in, and no cookie is set")
    func tokenWithTrailingNULsRefused() async throws {
        try await withTokenApp { raw, _ in
            let padded = try await raw.signIn(encodedToken: Self.token + String(repeating: "%00", count: 256))
            #expect(padded.status == 401)
            #expect(padded.setCookies.isEmpty)
            #expect(try await raw.signIn(encodedToken: Self.token + "%00").status == 401)
        }
    }

    @Test("Signing in sets a random session id (64 hex digits, HttpOnly, SameSite=Strict, Path=/), never the token, new at every sign-in; it lets requests in")
    func cookieHoldsASessionNotTheToken() async throws {
        try await withTokenApp { raw, name in
            let first = try await raw.signIn(encodedToken: Self.token)
            #expect(first.status == 303)
            #expect(first.headers["location"] == "/")
            let line = try #require(RawRequests.setCookie(name, in: first))
            let match = try #require(line.firstMatch(of: /^things_session_\d+=([0-9a-f]{64}); Path=\/; HttpOnly; SameSite=Strict$/))
            let session = String(match.1)
            #expect(first.setCookies.allSatisfy { !$0.contains(Self.token) })
            let second = try #require(RawRequests.cookie(name, setBy: try await raw.signIn(encodedToken: Self.token)))
            #expect(second != session)
            #expect(try await raw.send("GET", "/api/things", headers: ["Cookie: \(name)=\(session)"]).status == 200)
            #expect(try await raw.send("GET", "/api/things", headers: ["Cookie: \(name)=\(second)"]).status == 200)
            // The token itself in the cookie is no session, and neither is a made-up id.
            #expect(try await raw.send("GET", "/api/things", headers: ["Cookie: \(name)=\(Self.token)"]).status == 401)
            #expect(try await raw.send("GET", "/api/things", headers: ["Cookie: \(name)=\(String(repeating: "ab", count: 32))"]).status == 401)
            // The cookie of the earlier releases, which held the token, is cleared at sign-in.
            #expect(first.setCookies.contains("things_token_\(raw.port)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"))
        }
    }

    @Test("A session unused for 12 hours has ended; one used all along ends 7 days after its sign-in")
    func sessionsExpire() async throws {
        let time = ManualTime()
        try await withTokenApp(TokenModeLimits(now: time.now)) { raw, name in
            func works(_ session: String) async throws -> Bool {
                try await raw.send("GET", "/api/things", headers: ["Cookie: \(name)=\(session)"]).status == 200
            }
            let idle = try #require(RawRequests.cookie(name, setBy: try await raw.signIn(encodedToken: Self.token)))
            let busy = try #require(RawRequests.cookie(name, setBy: try await raw.signIn(encodedToken: Self.token)))
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
        try await withTokenApp(TokenModeLimits(maxSessions: 3, now: time.now)) { raw, name in
            func works(_ session: String) async throws -> Bool {
                try await raw.send("GET", "/api/things", headers: ["Cookie: \(name)=\(session)"]).status == 200
            }
            var sessions: [String] = []
            for _ in 0..<3 {
                sessions.append(try #require(RawRequests.cookie(name, setBy: try await raw.signIn(encodedToken: Self.token))))
                time.advance(by: .seconds(1))
            }
            #expect(try await works(sessions[0]))  // the first is now the most recently used
            time.advance(by: .seconds(1))
            let fourth = try #require(RawRequests.cookie(name, setBy: try await raw.signIn(encodedToken: Self.token)))
            #expect(try await works(fourth))
            #expect(try await works(sessions[0]))
            #expect(try await !works(sessions[1]))
            #expect(try await works(sessions[2]))
        }
    }

    @Test("After 10 wrong tokens in a burst the 11th is 429 with Retry-After, at sign-in and as a bearer, even the right one; a signed-in session is still served; a second later one more try is allowed")
    func eleventhWrongTokenIsThrottled() async throws {
        let time = ManualTime()
        try await withTokenApp(TokenModeLimits(now: time.now)) { raw, name in
            let bearer = "Authorization: Bearer \(Self.token)"
            let session = try #require(RawRequests.cookie(name, setBy: try await raw.signIn(encodedToken: Self.token)))
            for attempt in 1...10 {
                let wrong = attempt.isMultiple(of: 2)
                    ? try await raw.send("GET", "/api/things", headers: ["Authorization: Bearer wrong-token-\(attempt)"])
                    : try await raw.signIn(encodedToken: "wrong-token-\(attempt)")
                #expect(wrong.status == 401, "attempt \(attempt)")
            }
            let eleventh = try await raw.send("GET", "/api/things", headers: ["Authorization: Bearer wrong-token-11"])
            #expect(eleventh.status == 429)
            #expect(eleventh.headers["retry-after"] == "1")
            #expect(eleventh.errorCode == "too_many_attempts")
            let signIn = try await raw.signIn(encodedToken: "wrong-token-12")
            #expect(signIn.status == 429)
            #expect(signIn.headers["retry-after"] == "1")
            #expect(try await raw.send("GET", "/api/things", headers: ["Cookie: \(name)=\(session)"]).status == 200)
            // Not compared while the bucket is empty: the right token waits too.
            #expect(try await raw.send("GET", "/api/things", headers: [bearer]).status == 429)
            #expect(try await raw.signIn(encodedToken: Self.token).status == 429)
            // One check a second comes back; a right token gives its check back.
            time.advance(by: .seconds(1))
            #expect(try await raw.send("GET", "/api/things", headers: [bearer]).status == 200)
            #expect(try await raw.send("GET", "/api/things", headers: [bearer]).status == 200)
            #expect(try await raw.send("GET", "/api/things", headers: ["Authorization: Bearer wrong-token-13"]).status == 401)
            let again = try await raw.send("GET", "/api/things", headers: ["Authorization: Bearer wrong-token-14"])
            #expect(again.status == 429)
            #expect(again.headers["retry-after"] == "1")
            time.advance(by: .seconds(10))
            for attempt in 1...10 {
                #expect(try await raw.signIn(encodedToken: "wrong-again-\(attempt)").status == 401, "attempt \(attempt)")
            }
            #expect(try await raw.signIn(encodedToken: "wrong-again-11").status == 429)
        }
    }
}
