import HTTPTypes
import Hummingbird

/// Refuses, with 400, a request whose `Content-Type` names one parameter twice
/// (`application/json; charset=utf-8; Charset=utf-8`), before the generated API code reads it.
///
/// swift-openapi-runtime (1.13.4) reads a `Content-Type` into a dictionary of parameters keyed by
/// name as sent, then, to match it against the types an operation takes, builds a second one
/// keyed by the lowercased names with `Dictionary(uniqueKeysWithValues:)`, which traps on a
/// repeat: one request would end the process. RFC 9110 §8.3.2 makes parameter names
/// case-insensitive, so such a header is ambiguous anyway. The check reads the header exactly as
/// the runtime does (``repeatedParameter(in:)``), so whatever would trap there is refused here.
public struct ContentTypeMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Creates the middleware.
    public init() {}

    /// Refuses a `Content-Type` with a repeated parameter, or runs the rest of the chain.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let value = request.headers[.contentType], let name = Self.repeatedParameter(in: value) {
            let shown = String(name.unicodeScalars.prefix(40).map { $0.isASCII && $0.value >= 0x20 ? Character($0) : "?" })
            throw APIError.badRequest("Content-Type names the parameter \(shown) more than once (parameter names are case-insensitive)")
        }
        return try await next(request, context)
    }

    /// The first parameter name of the media type `value` that an earlier one repeats, exactly
    /// or once lowercased, with the parameters read as swift-openapi-runtime's `OpenAPIMIMEType`
    /// reads them: split at every `;`
    /// (by `Character`), each piece trimmed of what `Character.isWhitespace` calls white space,
    /// a parameter being a piece that splits at `=` into exactly two non-empty parts. Nil when
    /// no name repeats. (The runtime keeps the first of two names that are exactly equal and
    /// traps only on names equal once lowercased; both are ambiguous, so both are refused.)
    ///
    /// The comparisons are Swift's `String` equality (canonical equivalence) on purpose: they
    /// must find at least the keys the runtime's dictionaries would find equal.
    static func repeatedParameter(in value: String) -> String? {
        var lowercased: Set<String> = []
        for piece in value.split(separator: ";").dropFirst() {
            var text = piece
            while let first = text.first, first.isWhitespace { text.removeFirst() }
            while let last = text.last, last.isWhitespace { text.removeLast() }
            let parts = text.split(separator: "=")
            guard parts.count == 2 else { continue }
            let name = String(parts[0])
            guard lowercased.insert(name.lowercased()).inserted else { return name }
        }
        return nil
    }
}
