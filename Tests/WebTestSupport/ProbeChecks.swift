import Foundation
import Testing
import TestSupport

/// What both apps' health and readiness probes promise, checked over a real socket against a
/// server that needs an access token: they answer without it (GET and HEAD), never to be
/// cached; every other route still needs it, and so does anything but a read of them; the Host
/// guard still holds.
public enum ProbeChecks {
    /// Checks the promises against the server `raw` reaches, which needs `token`, and whose
    /// protected route `protectedPath` (an API list) answers 401 without it.
    public static func publicProbes(_ raw: RawRequests, token: String, protectedPath: String) async throws {
        let health = try await raw.send("GET", "/healthz")
        #expect(health.status == 200)
        #expect(health.text == #"{"status":"alive"}"#)
        #expect(health.headers["cache-control"] == "no-store")
        // Ready once its first listing is read (under the whole suite's load, that can take a while).
        try await waitUntil(limit: .seconds(120)) {
            if try await raw.send("GET", "/readyz").status == 200 { return true }
            try await Task.sleep(for: .milliseconds(250))  // as a probe asks, not 50 times a second
            return false
        }
        let ready = try await raw.send("GET", "/readyz")
        #expect(ready.status == 200)
        #expect(ready.text == #"{"ready":true}"#)
        #expect(ready.headers["cache-control"] == "no-store")
        #expect(try await raw.send("HEAD", "/readyz").status == 200)
        #expect(try await raw.send("HEAD", "/healthz").status == 200)

        #expect(try await raw.send("GET", protectedPath).status == 401)
        // Only reads are public: anything else needs the token first.
        #expect(try await raw.send("POST", "/healthz").status == 401)
        #expect(try await raw.send("HEAD", "/healthz", headers: ["Authorization: Bearer \(token)"]).status == 200)
        for method in ["POST", "TRACE", "DELETE"] {
            let refused = try await raw.send(method, "/readyz", headers: ["Authorization: Bearer \(token)"])
            #expect(refused.status == 405, "\(method) /readyz")
            #expect(refused.headers["allow"] == "GET, HEAD")
        }
        #expect(try await raw.send("GET", "/readyz/").status != 200)
        // The probes answer only to the server's own names.
        let foreign = try await RawConnection.exchange(port: raw.port, "GET /healthz HTTP/1.1\r\nHost: attacker.example\r\n\r\n")
        #expect(foreign.status == 421)
    }
}
