#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IP address or a block of them (`10.0.0.0/8`, `fd00::/8`), as `--trusted-proxy` names the
/// proxies whose forwarding headers a server believes. An IPv4 range also holds the same
/// addresses written IPv4-mapped (`::ffff:10.0.0.1`), as a dual-stack socket reports them.
public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The network's bytes (4 or 16).
    let bytes: [UInt8]
    /// How many leading bits an address must share.
    let prefixLength: Int
    /// The range as given.
    public let description: String

    /// Reads `text`: an IPv4 or IPv6 address (IPv6 with or without brackets), optionally
    /// followed by `/` and a prefix length; nil for anything else (a host name among them: a
    /// proxy is trusted by address, never by a name that could be made to resolve elsewhere).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        var address = String(parts[0])
        if address.hasPrefix("["), address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
        guard let bytes = Self.bytes(of: address) else { return nil }
        var length = bytes.count * 8
        if parts.count == 2 {
            guard (1...3).contains(parts[1].utf8.count), parts[1].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let given = Int(parts[1]), given <= length else { return nil }
            length = given
        }
        self.bytes = bytes
        prefixLength = length
        description = text
    }

    /// Whether the address `text` (as a socket reports it) is in the range.
    public func contains(_ text: String) -> Bool {
        guard var address = Self.bytes(of: text) else { return false }
        if bytes.count == 4, address.count == 16, address[0..<12].elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]) {
            address = Array(address[12...])
        }
        guard address.count == bytes.count else { return false }
        var remaining = prefixLength
        for (mine, theirs) in zip(bytes, address) where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            guard mine & mask == theirs & mask else { return false }
            remaining -= bits
        }
        return true
    }

    /// The bytes of an IPv4 or IPv6 literal; nil for anything else.
    static func bytes(of text: String) -> [UInt8]? {
        guard text.utf8.count <= 64 else { return nil }
        var four = in_addr()
        if inet_pton(AF_INET, text, &four) == 1 { return withUnsafeBytes(of: &four) { Array($0) } }
        var six = in6_addr()
        if inet_pton(AF_INET6, text, &six) == 1 { return withUnsafeBytes(of: &six) { Array($0) } }
        return nil
    }
}
