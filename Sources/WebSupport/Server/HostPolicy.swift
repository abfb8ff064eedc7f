/// The names a server answers to: what a request's `Host` (or absolute-form target) may say.
///
/// A page whose name an attacker rebinds to 127.0.0.1 reaches a loopback server with its own
/// name in `Host` (DNS rebinding); answering only to the server's own names stops it. A server
/// bound to loopback answers to `localhost`, any `*.localhost` name, `127.0.0.0/8` literals and
/// `[::1]`; one bound elsewhere to the address it is bound to (and, when that is a wildcard
/// address, to the loopback names and every address of this machine's interfaces); every server
/// also to the names given with `--allowed-host`. Any port is allowed: a browser only sends the server's own port, and a proxy
/// in front may say another. Names compare ASCII case-insensitively, with one trailing dot
/// ignored.
public struct HostPolicy: Sendable {
    /// Whether every address the server is bound to is a loopback one: only this machine can
    /// reach it.
    public let isLoopback: Bool
    private let loopbackNames: Bool
    private let names: Set<String>

    /// The policy of a server bound to `bindHost` (a name or address literal), whose bound
    /// addresses are all loopback when `isLoopback`, answering also to `allowedHosts` — and, when
    /// `bindHost` is a wildcard address, to `machineAddresses` (the interfaces' addresses).
    public init(bindHost: String, isLoopback: Bool, allowedHosts: [String], machineAddresses: [String] = []) {
        let bound = Self.literal(bindHost)
        let wildcard = Self.isWildcard(bindHost)
        self.isLoopback = isLoopback
        loopbackNames = isLoopback || wildcard
        var names = Set(allowedHosts.compactMap { Self.split(authority: $0)?.host })
        if wildcard {
            names.formUnion(machineAddresses.compactMap(Self.literal))
        } else if let bound {
            names.insert(bound)
        }
        self.names = names
    }

    /// Whether `host` is a wildcard address (`0.0.0.0`, `::`): every address of the machine.
    public static func isWildcard(_ host: String) -> Bool {
        let bound = literal(host)
        return bound == "0.0.0.0" || bound == "[::]"
    }

    /// `host` as it stands in a `Host` header: normalized, an IPv6 literal in brackets.
    static func literal(_ host: String) -> String? {
        normalized(host.hasPrefix("[") ? host : (host.contains(":") ? "[\(host)]" : host))
    }

    /// Whether a request whose `Host` says `authority` (`name`, `name:port`, `[v6]:port`) is for
    /// this server.
    public func allows(authority: String) -> Bool {
        guard let (host, _) = Self.split(authority: authority) else { return false }
        if names.contains(host) { return true }
        return loopbackNames && Self.isLoopbackName(host)
    }

    /// Whether `host` (normalized) names this machine's loopback: `localhost`, `*.localhost`
    /// (RFC 6761), a `127.x.y.z` literal, `[::1]`.
    static func isLoopbackName(_ host: String) -> Bool {
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        if host == "[::1]" || host == "[0:0:0:0:0:0:0:1]" { return true }
        guard let octets = ipv4Octets(host) else { return false }
        return octets[0] == 127
    }

    /// The four octets of a dotted-decimal IPv4 literal (no leading zeros, each 0–255), or nil.
    static func ipv4Octets(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                part.utf8.count == 1 || part.utf8.first != 0x30, let value = UInt8(part)
            else { return nil }
            octets.append(value)
        }
        return octets
    }

    /// `authority` split into its normalized host and its port (nil when none), or nil when it
    /// is not a well-formed `host[:port]`.
    static func split(authority: String) -> (host: String, port: Int?)? {
        var host = Substring(authority)
        var port: Int?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: close)...]
            host = host[...close]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let value = portNumber(rest.dropFirst()) else { return nil }
                port = value
            }
        } else if let colon = host.lastIndex(of: ":") {
            guard let value = portNumber(host[host.index(after: colon)...]) else { return nil }
            port = value
            host = host[..<colon]
        }
        guard let name = normalized(String(host)) else { return nil }
        return (name, port)
    }

    /// A port: 1–5 digits, at most 65535.
    private static func portNumber(_ text: Substring) -> Int? {
        guard (1...5).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text), value <= 65535 else {
            return nil
        }
        return value
    }

    /// `host` lowercased (ASCII only) without one trailing dot; nil when empty or when it holds
    /// anything but letters, digits, `-`, `.`, `_`, or (bracketed) an IPv6 literal's `:` and hex.
    static func normalized(_ host: String) -> String? {
        var bytes = Array(host.utf8)
        if bytes.last == UInt8(ascii: "."), bytes.count > 1 { bytes.removeLast() }
        guard !bytes.isEmpty else { return nil }
        let bracketed = bytes.first == UInt8(ascii: "[")
        if bracketed {
            guard bytes.count > 2, bytes.last == UInt8(ascii: "]") else { return nil }
        }
        for index in bytes.indices {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes[index] = byte + 32
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
                continue
            case UInt8(ascii: "_") where !bracketed: continue
            case UInt8(ascii: ":") where bracketed: continue
            case UInt8(ascii: "[") where bracketed && index == 0: continue
            case UInt8(ascii: "]") where bracketed && index == bytes.count - 1: continue
            default: return nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
