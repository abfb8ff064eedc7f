import Foundation
import HTTPTypes
import Hummingbird

/// The small sign-in form for servers that need an access token: `GET /sign-in` shows it,
/// `POST /sign-in` checks the token (in constant time) and sets it as an `HttpOnly`,
/// `SameSite=Strict` cookie (the app's ``SessionCookie``) that ``TokenMiddleware`` accepts, then sends the browser home.
public enum SignIn {
    /// The form's path; ``TokenMiddleware`` lets it through.
    public static let path = "/sign-in"

    /// Adds the two routes to `router` for `token`.
    public static func addRoutes<Context: RequestContext>(to router: Router<Context>, token: String, appName: String, cookie: SessionCookie) {
        router.get(RouterPath(stringLiteral: path)) { _, _ in
            page(appName: appName, message: nil, status: .ok)
        }
        router.post(RouterPath(stringLiteral: path)) { request, _ in
            var request = request
            let body = try await request.collectBody(upTo: 4096)
            let given = formValue("token", in: String(buffer: body)) ?? ""
            guard AccessToken.constantTimeEqual(Array(given.utf8), Array(token.utf8)) else {
                return page(appName: appName, message: "That is not this server's access token.", status: .unauthorized)
            }
            var headers = HTTPFields()
            headers[.location] = "/"
            headers[.setCookie] = "\(cookie.name(for: request))=\(given); Path=/; HttpOnly; SameSite=Strict"
            return Response(status: .seeOther, headers: headers)
        }
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
        let note = message.map { "<p role=\"alert\">\(PlainPage.escape($0))</p>" } ?? ""
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
