import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import WebSupport

/// The pages' answers: HTML, redirects, error pages, and the forms read from requests.
extension HomepwnerPages {
    /// Runs `body`; an item that does not exist (or a key that is not one) is a 404 page.
    func page(_ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch let error as HomepwnerError where error.code == .notFound {
            return try errorPage(.notFound, heading: "No such item", message: DisplayText.sentence(error.message))
        } catch let error as APIError where error.status == .notFound {
            return try errorPage(.notFound, heading: "No such item", message: DisplayText.sentence(error.message))
        }
    }

    func errorPage(_ status: HTTPResponse.Status, heading: String, message: String) throws -> Response {
        html(try resources.render(ErrorPageModel(heading: heading, message: message), template: "error"), status: status)
    }

    /// The `{key}` of a page's path: an item key (a UUID).
    func pageKey(_ context: BasicRequestContext) throws -> String {
        guard let key = context.parameters.get("key"), ItemRules.isValidKey(key) else {
            throw APIError.notFound("there is no item with that key")
        }
        return key
    }

    /// An HTML response that is never cached (it shows the current data).
    func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// 303 See Other to `path`: the answer to a form, so reloading does not send it again.
    func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }

    /// A URL-encoded form body (at most 64 kB).
    static func form(of request: Request) async throws -> HTMLForm {
        var request = request
        let body = try await request.collectBody(upTo: 64 << 10)
        return HTMLForm(String(decoding: body.readableBytesView, as: UTF8.self))
    }

    /// A multipart form body of at most `limit` bytes.
    static func multipart(of request: Request, limit: Int) async throws -> MultipartForm {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch {
            throw MultipartForm.Failure(description: "the upload is larger than \(limit / 1_000_000) MB")
        }
        return try MultipartForm(Data(body.readableBytesView), contentType: request.headers[.contentType] ?? "")
    }
}
