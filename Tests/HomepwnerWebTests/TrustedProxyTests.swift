import Foundation
import TestSupport
import Testing
import WebTestSupport

@Suite("Homepwner behind a proxy it trusts, a real process", .timeLimit(.minutes(10)))
struct TrustedProxyTests {
    @Test("--trusted-proxy: that proxy's X-Forwarded-Proto makes cookies Secure __Host- with HSTS and its X-Forwarded-For is the client whose wrong passwords count; from anyone else both are ignored; a name is refused (64)")
    func trustedProxy() async throws {
        try await MachineLoad.heavy { try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let name = try await runHomepwner(["serve", "--port", "0", "--trusted-proxy", "proxy.example"] + data)
            #expect(name.status == 64 && name.errors.contains("--trusted-proxy takes an IP address or a block such as 10.0.0.0/8, not \"proxy.example\""))
            let added = try await runHomepwner(["users", "add", "anna", "--role", "owner"] + data)
            let link = try #require(AccountBrowser.invitationPath(in: added.output))
            for trusted in [true, false] {
                let server = try await ServedProcess.homepwner(dataDir: folder, extra: trusted ? ["--trusted-proxy", "127.0.0.0/8"] : [])
                defer { _ = server.stop() }
                var browser = AccountBrowser(port: server.port)
                if trusted { #expect(try await browser.accept(invitation: link, password: "purple lantern rides").status == 303) }
                let signedIn = try await browser.send(
                    "POST", "/sign-in", headers: ["Accept: text/html", "X-Forwarded-Proto: https", "X-Forwarded-For: 198.51.100.1"],
                    form: [("name", "anna"), ("password", "purple lantern rides")])
                #expect(signedIn.status == 303)
                let cookie = try #require(signedIn.setCookies.first { $0.contains("_person_") })
                #expect(cookie.hasPrefix("__Host-") == trusted && cookie.contains("; Secure") == trusted, "\(cookie)")
                #expect((signedIn.headers["strict-transport-security"] == "max-age=31536000") == trusted)
                // Wrong passwords from one client behind the proxy: that client waits, another does not.
                var proxy = AccountBrowser(port: server.port)
                for _ in 0..<4 {
                    _ = try await proxy.send("POST", "/sign-in", headers: ["Accept: text/html", "X-Forwarded-For: 198.51.100.7"], form: [("name", "zed"), ("password", "wrong password!!")])
                }
                let same = try await proxy.send("POST", "/sign-in", headers: ["Accept: text/html", "X-Forwarded-For: 198.51.100.7"], form: [("name", "yan"), ("password", "wrong password!!")])
                #expect(same.status == 429)
                let other = try await proxy.send("POST", "/sign-in", headers: ["Accept: text/html", "X-Forwarded-For: 198.51.100.8"], form: [("name", "yan"), ("password", "wrong password!!")])
                #expect(other.status == (trusted ? 401 : 429), "another client behind a trusted proxy is its own; untrusted, every request is the proxy's")
            }
        } }
    }
}
