import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the address a server binds reaches only this machine, decided from the parsed
/// address: a literal is read as one (`127.attacker.example` is no `127.x` literal), and a name is
/// resolved first and counts as loopback only when every address it resolves to is.
public enum ListenAddress {
    /// Whether every address `host` (an IPv4 or IPv6 literal, bracketed or not, or a name) stands
    /// for is a loopback address (`127.0.0.0/8`, `::1`, `::ffff:127.x.y.z`).
    ///
    /// - Throws: ``WebStartError`` when a name cannot be resolved.
    public static func isLoopback(_ host: String) async throws -> Bool {
        let literal = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if let loopback = literalIsLoopback(literal) { return loopback }
        let addresses = try await NIOThreadPool.singleton.runIfActive { try resolve(literal) }
        guard !addresses.isEmpty else { throw WebStartError("cannot listen on \(host): the name resolves to no address") }
        return addresses.allSatisfy { $0 }
    }

    /// The addresses of this machine's network interfaces, as text (none if they cannot be
    /// listed): what a server bound to a wildcard address is reached at.
    public static func machineAddresses() async -> [String] {
        let devices = (try? await NIOThreadPool.singleton.runIfActive { try System.enumerateDevices() }) ?? []
        return devices.compactMap { $0.address?.ipAddress }
    }

    /// Whether a numeric address is loopback; nil when `text` is no address literal.
    static func literalIsLoopback(_ text: String) -> Bool? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return isLoopback(v4)
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return isLoopback(v6)
        }
        return nil
    }

    private static func isLoopback(_ address: in_addr) -> Bool {
        UInt32(bigEndian: address.s_addr) >> 24 == 127
    }

    private static func isLoopback(_ address: in6_addr) -> Bool {
        let bytes = withUnsafeBytes(of: address) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }), bytes[15] == 1 { return true }
        // An IPv4-mapped address (::ffff:a.b.c.d) is loopback when its IPv4 address is.
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff { return bytes[12] == 127 }
        return false
    }

    /// For each address `name` resolves to, whether it is loopback.
    private static func resolve(_ name: String) throws -> [Bool] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(name, nil, &hints, &list)
        guard status == 0 else {
            throw WebStartError("cannot listen on \(name): the name does not resolve (\(String(cString: gai_strerror(status))))")
        }
        defer { freeaddrinfo(list) }
        var results: [Bool] = []
        var entry = list
        while let current = entry {
            if let address = current.pointee.ai_addr {
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    results.append(address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { isLoopback($0.pointee.sin_addr) })
                case AF_INET6:
                    results.append(address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { isLoopback($0.pointee.sin6_addr) })
                default:
                    results.append(false)
                }
            }
            entry = current.pointee.ai_next
        }
        return results
    }
}
