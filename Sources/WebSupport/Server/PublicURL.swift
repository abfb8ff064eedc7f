import Hummingbird

/// The address people reach a server at (`--public-url https://inventory.example/`): where
/// links that leave the browser lead — a label's QR code printed on paper — whatever name the
/// request that made them used. Its name is also one the server answers to.
///
/// Without one, such links are made from the name the request came in on (its `Host`, which the
/// server has already checked is one of its own) over plain HTTP.
public struct PublicURL: Sendable, Equatable {
    /// `http` or `https`.
    public let scheme: String
    /// The host name or address, with the port when one was given.
    public let authority: String
    /// The path the app is served under, without a trailing `/`: empty at the root.
    public let path: String

    /// Reads `text`: `http://` or `https://`, a host name or address with an optional port, and
    /// an optional path of printable characters (no query, fragment or user name); nil for
    /// anything else.
    public init?(_ text: String) {
        guard text.utf8.count <= 1000 else { return nil }
        let lower = text.lowercased()
        let scheme: String
        if lower.hasPrefix("https://") { scheme = "https" } else if lower.hasPrefix("http://") { scheme = "http" } else { return nil }
        let rest = text.unicodeScalars.dropFirst(scheme.count + 3)
        let authority = String(String.UnicodeScalarView(rest.prefix { $0 != "/" }))
        var path = String(String.UnicodeScalarView(rest.drop { $0 != "/" }))
        guard !authority.contains("@"), let parts = HostPolicy.split(authority: authority) else { return nil }
        guard path.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "?" && $0 != "#" && $0 != "\\" }) else { return nil }
        while path.hasSuffix("/") { path.removeLast() }
        self.scheme = scheme
        self.authority = parts.port.map { "\(parts.host):\($0)" } ?? parts.host
        self.path = path
    }

    /// The URL as given, normalised: `scheme://authority/path`, no trailing `/`.
    public var text: String { "\(scheme)://\(authority)\(path)" }

    /// The absolute URL of `path` (which starts with `/`) on this address.
    public func absolute(_ path: String) -> String { text + path }

    /// Where links from an answer to `request` lead: `configured`, or else the address the
    /// client used (``RequestOrigin``: the name the request came in on, HTTPS or not, as a
    /// trusted proxy reports them) and the server's base path (``BasePath``).
    public static func base(for request: Request, configured: PublicURL?) -> PublicURL? {
        if let configured { return configured }
        let origin = RequestOrigin.of(request)
        guard let authority = origin.authority else { return nil }
        return PublicURL("\(origin.isSecure ? "https" : "http")://\(authority)\(BasePath.current)")
    }
}
