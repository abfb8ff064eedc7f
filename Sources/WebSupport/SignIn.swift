import Foundation
import HTTPTypes
import Hummingbird

/// The small sign-in form for servers that need an access token, and signing out:
/// `GET /sign-in` shows the form; `POST /sign-in` checks the token (in constant time, throttled:
/// ``AccessToken``), starts a session and sets its id — never the token — as the app's
/// ``SessionCookie`` (`HttpOnly; SameSite=Strict; Path=/`), then sends the browser home.
/// `POST /sign-out` (a page form, so it carries the form token) ends the session and clears the
/// cookie. Sessions live in the server's memory: a restart signs every browser out.
public enum SignIn {
    /// The form's path; ``TokenMiddleware`` lets it through.
    public static let path = "/sign-in"
    /// The path that signs out.
    public static let signOutPath = "/sign-out"

    /// Adds the three routes to `router` for `access`, naming the app `appName` on the form.
    public static func addRoutes<Context: RequestContext>(to router: Router<Context>, access: AccessToken, appName: String) {
        router.get(RouterPath(stringLiteral: path)) { _, _ in
            page(appName: appName, message: nil, status: .ok)
        }
        router.post(RouterPath(stringLiteral: path)) { request, _ in
            var request = request
            let body = try await request.collectBody(upTo: 4096)
            let given = formValue("token", in: String(buffer: body)) ?? ""
            switch access.check(Array(given.utf8)) {
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
                headers.append(HTTPField(name: .setCookie, value: "\(access.cookie.name(for: request))=\(access.sessions.start()); Path=/; HttpOnly; SameSite=Strict"))
                return Response(status: .seeOther, headers: headers)
            }
        }
        router.post(RouterPath(stringLiteral: signOutPath)) { request, _ in
            if let id = access.cookie.value(in: request) { access.sessions.end(id) }
            var headers = HTTPFields()
            headers[.location] = path
            headers[.cacheControl] = "no-store"
            headers.append(HTTPField(name: .setCookie, value: cleared(access.formerCookie, for: request)))
            headers.append(HTTPField(name: .setCookie, value: cleared(access.cookie, for: request)))
            return Response(status: .seeOther, headers: headers)
        }
    }

    /// A `Set-Cookie` value that removes `cookie` from the browser.
    private static func cleared(_ cookie: SessionCookie, for request: Request) -> String {
        "\(cookie.name(for: request))=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"
    }

    /// The value of field `name` of an `application/x-www-form-urlencoded` body.
    static func formValue(_ name: String, in body: String) -> String? {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == name else { continue }
            return String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        return nil
    }

    private static func page(appName: String, message: String?, status: HTTPResponse.Status) -> Response {
        let note = message.map { "<p role=\"alert\">\(PlainPage.escape(PlainPage.sentence($0)))</p>" } ?? ""
        let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Sign in — \(PlainPage.escape(appName))</title></head>
        <body><main><h1>\(PlainPage.escape(appName))</h1>\(note)
        <form method="post" action="\(path)"><label for="token">Access token</label>
        <input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
        <button type="submit">Sign in</button></form></main></body></html>
        """
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
