import Foundation
import HTTPTypes
import Hummingbird

/// Requires the access token on every request but the sign-in form's: `Authorization: Bearer
/// TOKEN`, or the app's ``SessionCookie`` that ``SignIn`` sets. Compared in constant time. Without
/// it: 401 with a JSON error.
public struct TokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: AccessToken

    /// Creates the middleware for `token`, carried by browsers in `cookie`.
    public init(token: String, cookie: SessionCookie) {
        self.token = AccessToken(token, cookie: cookie)
    }

    /// Checks the token, then runs the rest of the chain.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.uri.path == SignIn.path { return try await next(request, context) }
        guard token.isCarried(by: request) else {
            throw APIError(.unauthorized, code: "unauthorized", "this server needs its access token (Authorization: Bearer …, or sign in at \(SignIn.path))")
        }
        return try await next(request, context)
    }
}

/// The server's access token and where a request carries it: `Authorization: Bearer TOKEN`, or
/// the app's ``SessionCookie``.
struct AccessToken: Sendable {
    let bytes: [UInt8]
    let cookie: SessionCookie

    init(_ token: String, cookie: SessionCookie) {
        bytes = Array(token.utf8)
        self.cookie = cookie
    }

    /// Whether `request` carries the token (compared in constant time).
    func isCarried(by request: Request) -> Bool {
        let bearer = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        guard let given = bearer ?? cookie.value(in: request) else { return false }
        return Self.constantTimeEqual(Array(given.utf8), bytes)
    }

    /// Whether `lhs` equals `rhs`, taking the same time wherever they differ.
    static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count)
        for index in 0..<max(lhs.count, rhs.count) {
            let left = index < lhs.count ? lhs[index] : 0
            let right = index < rhs.count ? rhs[index] : 0
            difference |= left ^ right
        }
        return difference == 0
    }
}
