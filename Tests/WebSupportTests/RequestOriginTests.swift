import HTTPTypes
import Testing

@testable import WebSupport

@Suite("Who a request is from, behind a proxy or not")
struct RequestOriginTests {
    @Test("an address or block: IPv4 and IPv6, bracketed or not, with a prefix; IPv4-mapped peers match IPv4 blocks; names and junk are refused", arguments: [
        ("127.0.0.1", "127.0.0.1", true), ("127.0.0.1", "127.0.0.2", false), ("10.0.0.0/8", "10.255.1.2", true), ("10.0.0.0/8", "11.0.0.1", false),
        ("10.0.0.0/8", "::ffff:10.1.2.3", true), ("192.168.1.0/25", "192.168.1.127", true), ("192.168.1.0/25", "192.168.1.128", false),
        ("::1", "::1", true), ("[::1]", "::1", true), ("fd00::/8", "fd12:3456::1", true), ("fd00::/8", "fe80::1", false), ("0.0.0.0/0", "203.0.113.9", true),
        ("::1", "127.0.0.1", false),
    ])
    func ranges(range: String, address: String, contained: Bool) throws {
        let parsed = try #require(AddressRange(range))
        #expect(parsed.contains(address) == contained)
    }

    @Test("what is not an address or block is refused", arguments: ["proxy.example", "10.0.0.0/33", "::1/129", "10.0.0.0/", "10.0.0.0/-1", "", "1.2.3.4/8/8", "[::1"])
    func badRanges(text: String) {
        #expect(AddressRange(text) == nil)
    }

    @Test("a trusted proxy's X-Forwarded-For/-Proto/-Host are believed (the last value of each); an untrusted peer's change nothing")
    func forwardedFor() {
        let headers: HTTPFields = [
            .xForwardedFor: "198.51.100.1, 203.0.113.9", .xForwardedProto: "https", .xForwardedHost: "inventory.example",
        ]
        let trusted = RequestOrigin.resolve(peer: "127.0.0.1", connectionSecure: false, trusted: true, headers: headers, authority: "127.0.0.1:8081")
        #expect(trusted == RequestOrigin(client: "203.0.113.9", isSecure: true, authority: "inventory.example"))
        let untrusted = RequestOrigin.resolve(peer: "192.0.2.5", connectionSecure: false, trusted: false, headers: headers, authority: "nas:8081")
        #expect(untrusted == RequestOrigin(client: "192.0.2.5", isSecure: false, authority: "nas:8081"))
        // Over the server's own TLS, a proxy may still say its client used plain HTTP.
        let plain = RequestOrigin.resolve(peer: "::1", connectionSecure: true, trusted: true, headers: [.xForwardedProto: "http"], authority: nil)
        #expect(plain.isSecure == false && plain.client == "::1")
    }

    @Test("RFC 7239's Forwarded wins, its last element read: quoted IPv6 with a port, proto and host; values that are not one are ignored")
    func forwarded() {
        let headers: HTTPFields = [
            .forwarded: #"for=192.0.2.60;proto=http, for="[2001:db8:cafe::17]:4711";proto=https;host=inventory.example"#,
            .xForwardedFor: "198.51.100.1",
        ]
        #expect(RequestOrigin.resolve(peer: "10.0.0.2", connectionSecure: false, trusted: true, headers: headers, authority: "10.0.0.3:8081")
            == RequestOrigin(client: "2001:db8:cafe::17", isSecure: true, authority: "inventory.example"))
        let junk: HTTPFields = [.forwarded: #"for=unknown;proto=gopher;host="a b""#]
        #expect(RequestOrigin.resolve(peer: "10.0.0.2", connectionSecure: false, trusted: true, headers: junk, authority: "x:1")
            == RequestOrigin(client: "10.0.0.2", isSecure: false, authority: "x:1"))
        let badFor: HTTPFields = [.xForwardedFor: "not-an-address", .xForwardedProto: "HTTPS"]
        #expect(RequestOrigin.resolve(peer: "10.0.0.2", connectionSecure: false, trusted: true, headers: badFor, authority: nil)
            == RequestOrigin(client: "10.0.0.2", isSecure: true, authority: nil))
    }
}

@Suite("The path a server is served under")
struct BasePathTests {
    @Test("a base path is / and safe segments, a trailing / dropped; / alone is the root; anything else is refused", arguments: [
        ("/inventory", "/inventory"), ("/inventory/", "/inventory"), ("/apps/home-inventory", "/apps/home-inventory"), ("/a.b_c~d", "/a.b_c~d"), ("/", ""),
    ])
    func valid(text: String, parsed: String) {
        #expect(BasePath.parse(text) == parsed)
    }

    @Test("what is refused as a base path", arguments: ["inventory", "/in ventory", "/a//b", "/../etc", "/./x", "/%2e%2e", "/caf\u{E9}", "/a?b", "/a#b", ""])
    func invalid(text: String) {
        #expect(BasePath.parse(text) == nil)
    }
}
