import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import OpenAPIRuntime

/// Turns every error thrown below it into an error response with the right status — a short
/// HTML page for a browser (its `Accept` names `text/html` first), JSON for everyone else: an
/// ``APIError`` as it is, Hummingbird's `HTTPError` with its status, a request the generated API
/// code could not decode (a path id `abc`, a malformed JSON body) as 400, a body over the limit
/// as 413. Anything else is a 500 whose details go to the log, never to the client.
public struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Maps errors of the app's own types to ``APIError``s (nil for errors it does not know).
    let map: @Sendable (any Error) -> APIError?

    /// Creates the middleware with the app's own error mapping.
    public init(map: @escaping @Sendable (any Error) -> APIError?) {
        self.map = map
    }

    /// Runs the rest of the chain and answers its errors (as a page or as JSON).
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let apiError = translate(error, request: request, logger: context.logger)
            return PlainPage.response(to: request, apiError)
        }
    }

    func translate(_ error: any Error, request: Request, logger: Logger) -> APIError {
        if let error = error as? APIError { return error }
        if let wire = Self.wireError(error) { return wire }
        if let error = error as? ServerError {
            if let wire = Self.wireError(error.underlyingError) { return wire }
            if let underlying = map(error.underlyingError) ?? (error.underlyingError as? APIError) { return underlying }
            let detail = String(describing: error.underlyingError)
            if detail.contains("Unexpected content type") || error.causeDescription.contains("Unexpected content type") {
                return .unsupportedMediaType("\(error.causeDescription) \(detail)")
            }
            // OpenAPIRuntime's own parsing errors (a path id `abc`, a malformed JSON or multipart
            // body) are the client's; anything else a handler threw is ours.
            let isRuntimeParsing = String(reflecting: type(of: error.underlyingError)).hasPrefix("OpenAPIRuntime.") || error.underlyingError is DecodingError
            if isRuntimeParsing || !error.causeDescription.hasPrefix("User handler threw") {
                return .badRequest("the request does not match the API: \(detail)")
            }
            logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(String(reflecting: error.underlyingError))"])
            return APIError(.internalServerError, code: "internal", "the server failed to answer; see its log")
        }
        if let mapped = map(error) { return mapped }
        if let error = error as? HTTPError, error.status == .notFound, error.body == nil {
            // The router's own 404: nothing is routed at this path.
            return APIError(.notFound, code: "not_found", "there is nothing at \(request.uri.path.prefix(200))")
        }
        if let error = error as? HTTPError {
            return APIError(error.status, code: error.status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_"), error.body ?? error.status.reasonPhrase)
        }
        logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(String(reflecting: error))"])
        return APIError(.internalServerError, code: "internal", "the server failed to answer; see its log")
    }

    /// The client's error in how it sent the request, read from the connection: a body the HTTP
    /// decoder could not read (a chunk size `zz`, a bare-LF chunk line, an unknown transfer
    /// coding) is 400, a body over the size it was collected up to is 413. The connection is
    /// closed after the answer (the rest of the stream cannot be trusted).
    static func wireError(_ error: any Error) -> APIError? {
        if let parse = error as? HTTPParserError {
            var apiError = APIError.badRequest("the request body is not well-formed HTTP/1.1 (\(parse))")
            apiError.headers[.connection] = "close"
            return apiError
        }
        if error is NIOTooManyBytesError {
            var apiError = APIError(.contentTooLarge, code: "too_large", "the request body is larger than this server accepts")
            apiError.headers[.connection] = "close"
            return apiError
        }
        return nil
    }
}
