import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The answers every app's pages give: HTML that is never cached, a 303 after a form, the page
/// that says a document does not exist, a URL-encoded or multipart form body, and a core message
/// as a sentence. Conform a pages type to it to get them.
public protocol PageResponses {
    /// The pages' templates.
    var resources: PageResources { get }
    /// The heading of the page for a document that does not exist ("No such item").
    static var notFoundHeading: String { get }
    /// What `error` says is missing, when it is the app's "no such document" error; nil for any
    /// other error.
    static func notFoundMessage(_ error: any Error) -> String?
}

extension PageResponses {
    /// An HTML response that is never cached (it shows the current data).
    public func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// Runs `body`; a document that does not exist (the app's error, or an ``APIError`` 404 for
    /// a path that names none) is the 404 page saying so.
    public func page(_ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch {
            let apiMessage = (error as? APIError).flatMap { $0.status == .notFound ? $0.message : nil }
            guard let message = Self.notFoundMessage(error) ?? apiMessage else { throw error }
            return try await errorPage(.notFound, heading: Self.notFoundHeading, message: Self.sentence(message))
        }
    }

    /// The shared error page (`error` template) with `heading` and `message`, answered with `status`.
    public func errorPage(_ status: HTTPResponse.Status, heading: String, message: String) async throws -> Response {
        html(try await resources.render(ErrorPageModel(heading: heading, message: message), template: "error"), status: status)
    }

    /// The shared question before a plain-form delete (`confirm-delete` template) of the
    /// document called `label` whose page is `path`: the form posts `confirm=yes` to
    /// `path/delete`, the other way goes back to `path`; `consequence` says what goes.
    public func confirmDeletePage(label: String, path: String, consequence: String) async throws -> Response {
        let question = ConfirmDeletePageModel(label: label, deletePath: "\(path)/delete", keepPath: path, consequence: consequence)
        return html(try await resources.render(question, template: "confirm-delete"))
    }

    /// 303 See Other to `path`: the answer to a form, so reloading does not send it again.
    public func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }

    /// A URL-encoded form body (at most 64 kB): the one ``FormGuardMiddleware`` read, or else
    /// the request's.
    public static func form(of request: Request) async throws -> HTMLForm {
        if case .fields(let form) = SubmittedForm.current { return form }
        var request = request
        let body = try await request.collectBody(upTo: 64 << 10)
        return HTMLForm(String(decoding: body.readableBytesView, as: UTF8.self))
    }

    /// A multipart form body of at most `limit` bytes: the one ``FormGuardMiddleware`` read, or
    /// else the request's, read off the event loops.
    public static func multipart(of request: Request, limit: Int) async throws -> MultipartForm {
        if case .parts(let form, let bytes) = SubmittedForm.current {
            guard bytes <= limit else { throw MultipartForm.Failure(description: "the upload is larger than \(limit / 1_000_000) MB") }
            return form
        }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch {
            throw MultipartForm.Failure(description: "the upload is larger than \(limit / 1_000_000) MB")
        }
        let type = request.headers[.contentType] ?? ""
        return try await OffLoop.run { try MultipartForm(Data(body.readableBytesView), contentType: type) }
    }

    /// A message from the core ("a title cannot be empty") as a sentence.
    public static func sentence(_ message: String) -> String {
        PlainPage.sentence(message)
    }
}
