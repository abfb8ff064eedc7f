import Foundation
import HTTPTypes
import Hummingbird

/// Signing in and out. With accounts stored (``AccountAccess``), `GET /sign-in` is the
/// name-and-password form and `POST /sign-in` checks the pair (``AccountSignIn``); without, for
/// servers that need an access token, the form takes the token (checked in constant time,
/// throttled: ``AccessToken``), starts a session and sets its id — never the token — as the
/// app's ``SessionCookie`` (`HttpOnly; SameSite=Strict; Path=/`), then sends the browser home.
/// `POST /sign-out` (a page form, so it carries the form token) ends the session and clears the
/// cookie. Token-mode sessions live in the server's memory; accounts' sessions are stored with
/// the data.
public enum SignIn {
    /// The form's path; ``TokenMiddleware`` lets it through.
    public static let path = "/sign-in"
    /// The path that signs out.
    public static let signOutPath = "/sign-out"

    /// Adds the sign-in and sign-out routes to `router`: with accounts stored, the
    /// name-and-password form (``AccountSignIn``) and the invitations' pages; without, the
    /// access token's form (when `access` is set; else `/sign-in` sends the browser home).
    public static func addRoutes<Context: RequestContext>(to router: Router<Context>, access: AccessToken?, accounts: AccountAccess?, appName: String) {
        router.get(RouterPath(stringLiteral: path)) { _, _ in
            if let accounts, try await !accounts.book().book.accounts.isEmpty {
                return AccountSignIn.signInPage(appName: appName, name: "", message: nil, status: .ok)
            }
            guard access != nil else { return home }
            return page(appName: appName, message: nil, status: .ok)
        }
        router.post(RouterPath(stringLiteral: path)) { request, _ in
            var request = request
            let body = try await request.collectBody(upTo: 4096)
            let fields = HTMLForm(String(buffer: body))
            if let accounts, try await !accounts.book().book.accounts.isEmpty {
                return try await AccountSignIn.signIn(fields, request: request, access: accounts, appName: appName)
            }
            guard let access else { return home }
            switch access.check(Array((fields["token"] ?? "").utf8)) {
            case .wrong:
                return page(appName: appName, message: "That is not this server's access token.", status: .unauthorized)
            case .throttled(let seconds):
                var response = page(appName: appName, message: AccessToken.throttledError(retryAfter: seconds).message, status: .tooManyRequests)
                response.headers[.retryAfter] = String(seconds)
                return response
            case .right:
                var headers = HTTPFields()
                headers[.location] = "/"
                headers.append(HTTPField(name: .setCookie, value: cleared(access.formerCookie, for: request)))
                headers.append(HTTPField(name: .setCookie, value: access.cookie.setCookie(access.sessions.start(), for: request)))
                return Response(status: .seeOther, headers: headers)
            }
        }
        router.post(RouterPath(stringLiteral: signOutPath)) { request, _ in
            var headers = HTTPFields()
            headers[.location] = path
            headers[.cacheControl] = "no-store"
            if let access {
                if let id = access.cookie.value(in: request) { access.sessions.end(id) }
                headers.append(HTTPField(name: .setCookie, value: cleared(access.formerCookie, for: request)))
                headers.append(HTTPField(name: .setCookie, value: cleared(access.cookie, for: request)))
            }
            if let accounts {
                if let id = accounts.cookie.value(in: request) { try? await accounts.sessions.end(id) }
                headers.append(HTTPField(name: .setCookie, value: accounts.clearCookie(for: request)))
            }
            return Response(status: .seeOther, headers: headers)
        }
        if let accounts {
            AccountSignIn.addWelcomeRoutes(to: router, access: accounts, appName: appName)
        }
    }

    /// The 303 home, for sign-in on a server that needs none.
    private static var home: Response {
        var headers = HTTPFields()
        headers[.location] = "/"
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }

    /// A `Set-Cookie` value that removes `cookie` from the browser.
    private static func cleared(_ cookie: SessionCookie, for request: Request) -> String {
        cookie.clearing(for: request)
    }

    private static func page(appName: String, message: String?, status: HTTPResponse.Status) -> Response {
        let note = message.map { "<p role=\"alert\">\(PlainPage.escape(PlainPage.sentence($0)))</p>" } ?? ""
        let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Sign in — \(PlainPage.escape(appName))</title></head>
        <body><main><h1>\(PlainPage.escape(appName))</h1>\(note)
        <form method="post" action="\(BasePath.at(path))"><label for="token">Access token</label>
        <input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
        <button type="submit">Sign in</button></form></main></body></html>
        """
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
