import HTTPTypes
import Hummingbird

/// A short page, or the JSON error for API clients, for answers no app page renders: a request
/// for a foreign name, a form without its token, an address with nothing at it.
public enum PlainPage {
    /// The whole HTML of a page headed by `status`'s reason (a 404 says "Page not found"),
    /// saying `message` as a sentence, with a link to the start page.
    public static func html(status: HTTPResponse.Status, message: String) -> String {
        let heading = status == .notFound ? "Page not found" : status.reasonPhrase
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(status.code) \(heading)</title><link rel="stylesheet" href="\(BasePath.at(CommonAssets.prefix))/base.css"></head>
            <body><main><h1>\(heading)</h1><p>\(escape(sentence(message)))</p><p><a href="\(BasePath.at("/"))">Go to the start page</a></p></main></body></html>

            """
    }

    /// `message` with a capital first letter and a full stop.
    static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        let text = first.uppercased() + message.dropFirst()
        return text.hasSuffix(".") ? text : text + "."
    }

    /// `text` safe inside HTML text and attribute values.
    public static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Whether a client that sent `accept` reads HTML (a browser) rather than JSON: it names
    /// `text/html`, and names it before any `application/json`.
    public static func prefersHTML(_ accept: String?) -> Bool {
        let accept = (accept ?? "").lowercased()
        guard let html = accept.range(of: "text/html") else { return false }
        guard let json = accept.range(of: "application/json") else { return true }
        return html.lowerBound < json.lowerBound
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
