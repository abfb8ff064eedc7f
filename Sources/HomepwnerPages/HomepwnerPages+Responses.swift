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
            return try await errorPage(.notFound, heading: "No such item", message: Self.sentence(error.message))
        } catch let error as APIError where error.status == .notFound {
            return try await errorPage(.notFound, heading: "No such item", message: Self.sentence(error.message))
        }
    }

    func errorPage(_ status: HTTPResponse.Status, heading: String, message: String) async throws -> Response {
        html(try await resources.render(ErrorPageModel(heading: heading, message: message), template: "error"), status: status)
    }

    /// The `{key}` of a page's path: an item key (a UUID).
    func pageKey(_ context: BasicRequestContext) throws -> String {
        guard let key = context.parameters.get("key"), ItemRules.isValidKey(key) else {
            throw APIError.notFound("there is no item with that key")
        }
        return key
    }
}
