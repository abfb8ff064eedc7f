import HTTPTypes
import Hummingbird

/// Where a request came from and how it was sent, as the server acts on it: the client's
/// address (whose wrong passwords are counted), whether it came over HTTPS (cookies `Secure`
/// and `__Host-`, HSTS) and the address the client used (links that leave the page).
///
/// From the connection itself — unless the connection is from a proxy the server trusts
/// (`--trusted-proxy`): then the proxy's own account of its client is believed, from RFC 7239's
/// `Forwarded` (its last element, which that proxy added) or else the last value of each of
/// `X-Forwarded-For`, `-Proto` and `-Host`. A value that is not an address, `http`/`https` or a
/// host name is ignored. From any other peer these headers change nothing: a client cannot
/// claim another address, or HTTPS over plain HTTP.
public struct RequestOrigin: Sendable, Equatable {
    /// The client's IP address (`unknown` when the connection has none).
    public var client: String
    /// Whether the client's request was sent over HTTPS.
    public var isSecure: Bool
    /// The `host[:port]` the client asked for, if known.
    public var authority: String?

    /// The origin of `request`, answered on the current connection (``ServingConnection``).
    public static func of(_ request: Request) -> RequestOrigin {
        let connection = ServingConnection.current
        return resolve(
            peer: connection?.channel.remoteAddress?.ipAddress, connectionSecure: connection?.isSecure ?? false,
            trusted: connection?.trustsForwarding ?? false, headers: request.headers, authority: request.head.authority
        )
    }

    /// The origin of a request with `headers` for `authority`, received from `peer` over HTTPS
    /// when `connectionSecure`; the headers count only when the peer is `trusted`.
    public static func resolve(peer: String?, connectionSecure: Bool, trusted: Bool, headers: HTTPFields, authority: String?) -> RequestOrigin {
        var origin = RequestOrigin(client: peer ?? "unknown", isSecure: connectionSecure, authority: authority)
        guard trusted else { return origin }
        if let forwarded = headers[values: .forwarded].last, let element = forwarded.split(separator: ",").last {
            for pair in element.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let value = unquoted(parts[1])
                switch parts[0].trimmingCharacters(in: .whitespaces).lowercased() {
                case "for": if let client = address(from: value) { origin.client = client }
                case "proto": if let secure = scheme(value) { origin.isSecure = secure }
                case "host": if HostPolicy.split(authority: value) != nil { origin.authority = value }
                default: break
                }
            }
            return origin
        }
        if let value = last(headers, .xForwardedFor), let client = address(from: value) { origin.client = client }
        if let value = last(headers, .xForwardedProto), let secure = scheme(value) { origin.isSecure = secure }
        if let value = last(headers, .xForwardedHost), HostPolicy.split(authority: value) != nil { origin.authority = value }
        return origin
    }

    /// The last comma-separated value of the header `name`'s last field, trimmed.
    private static func last(_ headers: HTTPFields, _ name: HTTPField.Name) -> String? {
        guard let field = headers[values: name].last, let value = field.split(separator: ",").last else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A `Forwarded` value without its quotes.
    private static func unquoted(_ text: Substring) -> String {
        var value = text.trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
        return value
    }

    /// The IP address in `text` (`192.0.2.1`, `[2001:db8::1]`, `[2001:db8::1]:4711`,
    /// `192.0.2.1:4711`); nil for anything else (`unknown`, an obfuscated name).
    static func address(from text: String) -> String? {
        var candidate = Substring(text)
        if candidate.hasPrefix("["), let close = candidate.firstIndex(of: "]") {
            candidate = candidate[candidate.index(after: candidate.startIndex)..<close]
        } else if candidate.filter({ $0 == ":" }).count == 1, let colon = candidate.firstIndex(of: ":") {
            candidate = candidate[..<colon]
        }
        let address = String(candidate)
        return AddressRange.bytes(of: address) == nil ? nil : address
    }

    /// Whether `text` says HTTPS (`https`) or HTTP (`http`); nil for anything else.
    private static func scheme(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "https": true
        case "http": false
        default: nil
        }
    }
}

extension HTTPField.Name {
    /// RFC 7239's `Forwarded`.
    static var forwarded: Self { Self("Forwarded")! }
    /// `X-Forwarded-For`.
    static var xForwardedFor: Self { Self("X-Forwarded-For")! }
    /// `X-Forwarded-Proto`.
    static var xForwardedProto: Self { Self("X-Forwarded-Proto")! }
    /// `X-Forwarded-Host`.
    static var xForwardedHost: Self { Self("X-Forwarded-Host")! }
}
