import Foundation
import Testing
@testable import WebSupport

@Suite("The address people reach a server at (--public-url)")
struct PublicURLTests {
    @Test("http or https, a host with an optional port and an optional path: the scheme and host lower-cased, trailing slashes dropped")
    func reads() throws {
        let url = try #require(PublicURL("HTTPS://Inventory.Example:8443/home/"))
        #expect(url.scheme == "https" && url.authority == "inventory.example:8443" && url.path == "/home")
        #expect(url.text == "https://inventory.example:8443/home")
        #expect(url.absolute("/items/ABC") == "https://inventory.example:8443/home/items/ABC")
        #expect(PublicURL("http://192.168.1.20")?.text == "http://192.168.1.20")
        #expect(PublicURL("http://[::1]:8081/")?.text == "http://[::1]:8081")
    }

    @Test("anything else is refused: another scheme, no host, a user name, a query or fragment, spaces, a bad port, no scheme, too long")
    func refuses() {
        for text in [
            "ftp://inventory.example", "http://", "http:///path", "https://user@inventory.example", "http://inventory.example/?q=1",
            "http://inventory.example/#top", "http://inventory.example/a b", "http://inventory.example:99999", "inventory.example",
            "http://inventory.example/" + String(repeating: "a", count: 1000), "http://a b/",
        ] {
            #expect(PublicURL(text) == nil, "\(text)")
        }
    }

    @Test("its name is one the server answers to, beside its own and the allowed ones")
    func answersToItsName() async throws {
        var configuration = WebConfiguration(port: 0)
        configuration.publicURL = PublicURL("https://inventory.example/home")
        let policy = try await configuration.validate()
        #expect(policy.allows(authority: "inventory.example"))
        #expect(policy.allows(authority: "127.0.0.1:8081"))
        #expect(!policy.allows(authority: "other.example"))
    }
}
