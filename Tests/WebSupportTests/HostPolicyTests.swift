import Foundation
import Testing
@testable import WebSupport

@Suite("The names a server answers to")
struct HostPolicyTests {
    @Test("Bound to loopback: localhost, *.localhost, 127/8 literals and [::1], with or without a port; any other name is refused")
    func loopback() {
        let policy = HostPolicy(bindHost: "127.0.0.1", isLoopback: true, allowedHosts: [])
        for allowed in ["localhost", "localhost:8080", "LOCALHOST:8080", "localhost.", "app.localhost:8080", "127.0.0.1", "127.0.0.1:8080", "127.255.1.2:1", "[::1]", "[::1]:8080"] {
            #expect(policy.allows(authority: allowed), "\(allowed)")
        }
        for refused in [
            "evil.example", "evil.example:8080", "127.0.0.1.evil.example", "127.attacker.example", "localhost.evil.example",
            "127.0.0.01", "0177.0.0.1", "2130706433", "[::2]", "10.0.0.1:8080", "", ":8080", "localhost:", "localhost:99999",
            "localhost:80:80", "local host", "locälhost", "[::1", "evil.example@localhost",
        ] {
            #expect(!policy.allows(authority: refused), "\(refused)")
        }
    }

    @Test("Off loopback: the bound address and the names given, nothing else; a wildcard bind also answers to loopback names and the machine's addresses")
    func elsewhere() {
        let policy = HostPolicy(bindHost: "192.0.2.7", isLoopback: false, allowedHosts: ["Inventory.Example", "proxy.example:443"])
        #expect(policy.allows(authority: "192.0.2.7:8080"))
        #expect(policy.allows(authority: "inventory.example"))
        #expect(policy.allows(authority: "proxy.example"))
        #expect(!policy.allows(authority: "localhost"))
        #expect(!policy.allows(authority: "127.0.0.1:8080"))
        #expect(!policy.allows(authority: "evil.example"))

        let wildcard = HostPolicy(bindHost: "0.0.0.0", isLoopback: false, allowedHosts: ["nas.example"])
        #expect(wildcard.allows(authority: "localhost:8080"))
        #expect(wildcard.allows(authority: "nas.example:8080"))
        #expect(!wildcard.allows(authority: "0.0.0.0:8080"))
        #expect(!wildcard.allows(authority: "evil.example"))

        let lan = HostPolicy(bindHost: "0.0.0.0", isLoopback: false, allowedHosts: [], machineAddresses: ["192.0.2.9", "fe80::1", "127.0.0.1"])
        #expect(lan.allows(authority: "192.0.2.9:8080"))
        #expect(lan.allows(authority: "[fe80::1]:8080"))
        #expect(!lan.allows(authority: "192.0.2.10:8080"))
        let bound = HostPolicy(bindHost: "192.0.2.7", isLoopback: false, allowedHosts: [], machineAddresses: ["192.0.2.9"])
        #expect(!bound.allows(authority: "192.0.2.9"))

                let v6 = HostPolicy(bindHost: "::1", isLoopback: true, allowedHosts: [])
        #expect(v6.allows(authority: "[::1]:8080"))
        #expect(v6.allows(authority: "localhost"))
    }
}

@Suite("Whether a bound address is loopback")
struct ListenAddressTests {
    @Test("Literals are read as addresses: 127/8, ::1 and ::ffff:127.x are loopback; 0.0.0.0, other addresses and the wildcard are not")
    func literals() async throws {
        for host in ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "::ffff:127.0.0.1"] {
            #expect(try await ListenAddress.isLoopback(host), "\(host)")
        }
        for host in ["0.0.0.0", "::", "10.0.0.1", "192.0.2.1", "::ffff:10.0.0.1", "2001:db8::1"] {
            #expect(try await !ListenAddress.isLoopback(host), "\(host)")
        }
    }

    @Test("A name is resolved first: localhost is loopback; 127.attacker.example is no 127.x literal, and an unresolvable name cannot be bound")
    func names() async throws {
        #expect(try await ListenAddress.isLoopback("localhost"))
        await #expect(throws: WebStartError.self) { try await ListenAddress.isLoopback("127.attacker.invalid") }
    }

    @Test("A name that does not resolve cannot be bound; beyond loopback without a token a server needs accounts (needsAccounts), on loopback or with a token it does not")
    func configurationRefusesNonLoopbackName() async throws {
        let error = await #expect(throws: WebStartError.self) {
            _ = try await WebConfiguration(host: "127.attacker.invalid", port: 0).validate()
        }
        #expect(error?.message.hasPrefix("cannot listen on 127.attacker.invalid: the name does not resolve") == true)
        let policy = try await WebConfiguration(host: "localhost", port: 0, allowedHosts: ["nas.example"]).validate()
        #expect(policy.allows(authority: "nas.example:8080"))
        #expect(policy.allows(authority: "127.0.0.1:8080"))
        await #expect(throws: WebStartError.self) {
            _ = try await WebConfiguration(port: 0, allowedHosts: ["bad name"]).validate()
        }
        // Bound to every address (with a token), the server answers at each of the machine's.
        let withToken = WebConfiguration(host: "0.0.0.0", port: 0, token: "a-token-of-twenty-chars")
        let everywhere = try await withToken.validate()
        #expect(!everywhere.isLoopback && !withToken.needsAccounts(hosts: everywhere))
        // Without a token only people keep others out; on loopback nothing needs to.
        let open = WebConfiguration(host: "0.0.0.0", port: 0)
        #expect(open.needsAccounts(hosts: try await open.validate()))
        let local = WebConfiguration(host: "127.0.0.1", port: 0)
        #expect(!local.needsAccounts(hosts: try await local.validate()))
        let addresses = await ListenAddress.machineAddresses()
        #expect(!addresses.isEmpty)
        for address in addresses {
            #expect(everywhere.allows(authority: address.contains(":") ? "[\(address)]:8080" : "\(address):8080"), "\(address)")
        }
    }
}
