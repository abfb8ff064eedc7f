import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Guards the pages' forms (every request but `GET`, `HEAD` and `OPTIONS` outside `/api/`, the
/// API's other paths — the probes — and the sign-in form), whatever the browser says in its
/// headers:
///
/// - A page answered to a browser without the form cookie sets one (`HttpOnly;
///   SameSite=Strict`, named per app and port) holding a random id; its templates put the
///   token in every form: an HMAC of the token-mode session the request came with, else of that
///   id (``FormToken``).
/// - A form must be `application/x-www-form-urlencoded` or `multipart/form-data` (415 for
///   anything else, `text/plain` among them), and must carry the token for its session, or for
///   the id its form cookie holds (403): a token that merely equals a cookie — which a same-site
///   app can write — is no token.
/// - The body is read once, here, and parsed off the event loops (``OffLoop``); the page's
///   handler gets it as ``SubmittedForm/current``. A multipart form past its bounds is refused at
///   once (400 or 413), one that cannot be read as a form with 422.
///
/// Refusals are a short page for browsers and the JSON error for other clients. The JSON API is
/// left as it is: browsers cannot send it cross-site without CORS, which the servers never allow.
public struct FormGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let cookie: SessionCookie
    let maxBodyBytes: Int
    let apiPaths: Set<String>

    /// Creates the middleware for the app called `appName`, reading multipart bodies of up to
    /// `maxBodyBytes`; `apiPaths` are the API's exact paths outside `/api/` (the probes), left
    /// to the API's own answers (405 for a method they do not take).
    public init(appName: String, maxBodyBytes: Int, apiPaths: Set<String> = []) {
        cookie = SessionCookie(appName: appName, purpose: "form")
        self.maxBodyBytes = maxBodyBytes
        self.apiPaths = apiPaths
    }

    /// Sets or checks the token, then runs the rest of the chain.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if path.hasPrefix("/api/") || path == "/openapi.yaml" || apiPaths.contains(path) { return try await next(request, context) }
        let held = cookie.value(in: request).flatMap { FormToken.isWellFormed($0) ? $0 : nil }
        let session = AccessToken.session
        if [.get, .head, .options].contains(request.method) {
            let id = held ?? FormToken.make()
            let token = FormToken.token(for: session.map { .session($0) } ?? .formCookie(id))
            var response = try await FormToken.$current.withValue(token) { try await next(request, context) }
            if held == nil, response.headers[.contentType]?.hasPrefix("text/html") == true {
                response.headers.append(HTTPField(name: .setCookie, value: cookie.setCookie(id, for: request)))
            }
            return response
        }
        if path == SignIn.path { return try await next(request, context) }
        let form: SubmittedForm
        do {
            form = try await read(request)
        } catch let error as APIError {
            return PlainPage.response(to: request, error)
        }
        guard let binding = session.map({ FormToken.Binding.session($0) }) ?? held.map({ .formCookie($0) }),
            let sent = Self.token(in: form), FormToken.isValid(sent, for: binding)
        else {
            return PlainPage.response(to: request, APIError(.forbidden, code: "form_expired", "this form is out of date or was not sent from this app's page: reload the page and send it again"))
        }
        var request = request
        request.body = RequestBody(buffer: ByteBuffer())
        return try await SubmittedForm.$current.withValue(form) {
            try await FormToken.$current.withValue(FormToken.token(for: binding)) { try await next(request, context) }
        }
    }

    /// The form in `request`'s body, read off the event loops.
    ///
    /// - Throws: ``APIError`` 415 for a body that is no form, 400 or 413 for a multipart form
    ///   past its bounds.
    private func read(_ request: Request) async throws -> SubmittedForm {
        let type = request.headers[.contentType] ?? ""
        let lowercased = type.lowercased()
        var request = request
        if lowercased.hasPrefix("application/x-www-form-urlencoded") {
            let body = try await request.collectBody(upTo: 64 << 10)
            return .fields(try await OffLoop.run { HTMLForm(String(decoding: body.readableBytesView, as: UTF8.self)) })
        }
        guard lowercased.hasPrefix("multipart/form-data") else {
            throw APIError.unsupportedMediaType("a form is sent as application/x-www-form-urlencoded or multipart/form-data, not \(type.isEmpty ? "without a type" : String(type.prefix(100)))")
        }
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: maxBodyBytes)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, code: "too_large", "the upload is larger than \(maxBodyBytes / 1_000_000) MB")
        }
        do {
            let form = try await OffLoop.run { try MultipartForm(Data(body.readableBytesView), contentType: type) }
            return .parts(form, bodyBytes: body.readableBytes)
        } catch let failure as MultipartForm.Failure {
            throw APIError(failure.status, code: failure.status == .contentTooLarge ? "too_large" : "bad_form", failure.description)
        }
    }

    /// The token a form carries.
    static func token(in form: SubmittedForm) -> String? {
        switch form {
        case .fields(let fields): fields[FormToken.field]
        case .parts(let parts, _): parts.parts(named: FormToken.field).first.map { String(decoding: $0.data, as: UTF8.self) }
        }
    }
}
