import HTTPTypes
import Hummingbird

/// A short page, or the JSON error for API clients, for refusals made before any app page can
/// be rendered: a request for a foreign name, a form without its token.
public enum PlainPage {
    /// The whole HTML of a page headed by `status`'s reason, saying `message`.
    public static func html(status: HTTPResponse.Status, message: String) -> String {
        let escaped = escape(message)
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(status.code) \(status.reasonPhrase)</title></head>
            <body><main><h1>\(status.reasonPhrase)</h1><p>\(escaped)</p></main></body></html>

            """
    }

    /// `text` safe inside HTML text and attribute values.
    public static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Whether a client that sent `accept` reads HTML (a browser) rather than JSON.
    public static func prefersHTML(_ accept: String?) -> Bool {
        (accept ?? "").lowercased().contains("text/html")
    }

    /// `error` as a page for a browser, or as its JSON for anyone else.
    public static func response(to request: Request, _ error: APIError) -> Response {
        guard prefersHTML(request.headers[.accept]) else { return error.response }
        var headers = error.headers
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: error.status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html(status: error.status, message: error.message))))
    }
}
