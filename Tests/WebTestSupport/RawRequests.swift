import Foundation

/// Requests a browser or a script sends to a server on this machine, each on a new
/// ``RawConnection`` with `Host: localhost:PORT` (so the cookie names, which carry the port, are
/// the server's own), and what the answers set: the sign-in form, cookies, a page's form token.
public struct RawRequests: Sendable {
    /// The server's port.
    public let port: Int

    /// Requests to the server on `port`.
    public init(port: Int) {
        self.port = port
    }

    /// Sends `method path` with `headers` (whole lines, without their line ends) and `body`
    /// (with its `Content-Length` when there is one, or for a `POST`), and reads the answer,
    /// waiting up to `timeout` seconds (60: a whole suite on two cores can keep an in-process
    /// server's blocking pool busy for seconds; a server that never answers still fails).
    public func send(_ method: String, _ path: String, headers: [String] = [], body: String = "", timeout: TimeInterval = 60) async throws -> RawResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: localhost:\(port)\r\n"
        for line in headers { head += line + "\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.utf8.count)\r\n" }
        return try await RawConnection.exchange(port: port, head + "\r\n" + body, timeout: timeout)
    }

    /// Posts the sign-in form with `encodedToken` as its `token` field (already URL-encoded).
    public func signIn(encodedToken: String, headers: [String] = []) async throws -> RawResponse {
        try await send("POST", "/sign-in", headers: ["Content-Type: application/x-www-form-urlencoded"] + headers, body: "token=\(encodedToken)")
    }

    /// The value `response` gives the cookie `name` (its last `Set-Cookie` of that name), if it
    /// sets it.
    public static func cookie(_ name: String, setBy response: RawResponse) -> String? {
        response.setCookies.last { $0.hasPrefix("\(name)=") }.map { line in
            String(line.dropFirst(name.utf8.count + 1).prefix { $0 != ";" })
        }
    }

    /// The `Set-Cookie` line of `response` for the cookie `name`, whole, if it sets it.
    public static func setCookie(_ name: String, in response: RawResponse) -> String? {
        response.setCookies.last { $0.hasPrefix("\(name)=") }
    }

    /// The value of the first hidden `_formtoken` field in `html`.
    public static func formToken(in html: String) -> String? {
        html.firstMatch(of: /name="_formtoken" value="([^"]*)"/).map { String($0.1) }
    }
}
