import Foundation
import HTTPTypes
import Hummingbird

/// An error a client can act on, sent as `{"error": {"code", "message"}}` with its HTTP status.
public struct APIError: Error, Sendable, Equatable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// A short machine-readable code ("not_found", "version_mismatch", …).
    public var code: String
    /// A sentence saying what is wrong.
    public var message: String
    /// Headers the response must carry besides the body's (`Allow` with a 405).
    public var headers = HTTPFields()

    /// Creates an error.
    public init(_ status: HTTPResponse.Status, code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// The JSON body: `{"error": {"code": …, "message": …}}`.
    public var body: Data {
        let object = ["error": ["code": code, "message": message]]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// The error as a response.
    public var response: Response {
        var headers = self.headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension APIError {
    /// 400: the request is malformed.
    public static func badRequest(_ message: String) -> APIError { APIError(.badRequest, code: "bad_request", message) }
    /// 404: there is no such thing.
    public static func notFound(_ message: String) -> APIError { APIError(.notFound, code: "not_found", message) }
    /// 413: the body is larger than `limit` bytes.
    public static func tooLarge(limit: Int) -> APIError {
        APIError(.contentTooLarge, code: "too_large", "the body is larger than the limit of \(limit) bytes")
    }
    /// 503 with `Retry-After: 2`: the storage cannot be reached or keeps failing; worth trying
    /// again shortly.
    public static func unavailable(_ message: String) -> APIError {
        var error = APIError(.serviceUnavailable, code: "unavailable", message)
        error.headers[.retryAfter] = "2"
        return error
    }
    /// 415: the body's type is not one the route takes.
    public static func unsupportedMediaType(_ message: String) -> APIError {
        APIError(.unsupportedMediaType, code: "unsupported_media_type", message)
    }
}

extension APIError {
    /// Fails with 400 when `value` (a header or query parameter named `name`) is longer than
    /// `maxLength` characters, as the API document says it may not be.
    public static func checkLength(_ value: String?, of name: String, max maxLength: Int) throws {
        guard let value, value.unicodeScalars.count > maxLength else { return }
        throw APIError.badRequest("\(name) can have at most \(maxLength) characters")
    }
}
