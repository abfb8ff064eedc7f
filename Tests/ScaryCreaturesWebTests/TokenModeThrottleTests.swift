import Foundation
import Testing
import WebSupport
import WebTestSupport

@Suite("Token mode on a real server: guessing is slowed down", .timeLimit(.minutes(2)))
struct TokenModeThrottleTests {
    @Test("After 10 wrong tokens in a burst the 11th is 429 with Retry-After, at sign-in and as a bearer, even the right one; a signed-in session is still served; a second later one more try is allowed")
    func eleventhWrongTokenIsThrottled() async throws {
        let time = ManualTime()
        try await TokenServer.run(TokenModeLimits(now: time.now)) { raw, _ in
            let name = "scary_creatures_session_\(raw.port)"
            let session = try #require(RawRequests.cookie(name, setBy: try await raw.signIn(encodedToken: TokenServer.token)))
            for attempt in 1...10 {
                let wrong = attempt.isMultiple(of: 2)
                    ? try await raw.send("GET", "/api/creatures", headers: ["Authorization: Bearer wrong-token-\(attempt)"])
                    : try await raw.signIn(encodedToken: "wrong-token-\(attempt)")
                #expect(wrong.status == 401, "attempt \(attempt)")
            }
            let eleventh = try await raw.send("GET", "/api/creatures", headers: ["Authorization: Bearer wrong-token-11"])
            #expect(eleventh.status == 429)
            #expect(eleventh.headers["retry-after"] == "1")
            #expect(eleventh.errorCode == "too_many_attempts")
            let signIn = try await raw.signIn(encodedToken: "wrong-token-12")
            #expect(signIn.status == 429)
            #expect(signIn.headers["retry-after"] == "1")
            #expect(try await raw.send("GET", "/api/creatures", headers: ["Cookie: \(name)=\(session)"]).status == 200)
            // Not compared while the bucket is empty: the right token waits too.
            #expect(try await raw.send("GET", "/api/creatures", headers: [TokenServer.bearer]).status == 429)
            #expect(try await raw.signIn(encodedToken: TokenServer.token).status == 429)
            // One check a second comes back; a right token gives its check back.
            time.advance(by: .seconds(1))
            #expect(try await raw.send("GET", "/api/creatures", headers: [TokenServer.bearer]).status == 200)
            #expect(try await raw.send("GET", "/api/creatures", headers: [TokenServer.bearer]).status == 200)
            #expect(try await raw.send("GET", "/api/creatures", headers: ["Authorization: Bearer wrong-token-13"]).status == 401)
            let again = try await raw.send("GET", "/api/creatures", headers: ["Authorization: Bearer wrong-token-14"])
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
