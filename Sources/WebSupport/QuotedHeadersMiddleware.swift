import Foundation
import HTTPTypes
import Hummingbird

/// Undoes the percent-encoding that swift-openapi-generator applies to response header values
/// (apple/swift-openapi-generator#857: an ETag `"1"` goes out as `%221%22`, `max-age=3600` as
/// `max-age%3D3600`), for the headers our API sets through the generated types.
public struct QuotedHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Creates the middleware.
    public init() {}

    /// Runs the rest of the chain and decodes those headers.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        Self.decode(&response.headers)
        return response
    }

    /// Decodes the percent-encoded values of those headers in `headers`.
    public static func decode(_ headers: inout HTTPFields) {
        for name in quotedHeaderNames {
            // A byte search: Foundation's `contains` on strings cost more than the rest of a
            // cached answer.
            if let value = headers[name], value.utf8.contains(UInt8(ascii: "%")), let decoded = value.removingPercentEncoding {
                headers[name] = decoded
            }
        }
    }
}

/// The response headers the generated code may have percent-encoded.
private let quotedHeaderNames: [HTTPField.Name] = [
    .eTag, .cacheControl, .location, .contentRange, HTTPField.Name("Content-Disposition")!,
]
