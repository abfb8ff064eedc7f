import Foundation
import HTTPTypes
import Hummingbird
import ScaryCreatures
import WebSupport

/// The pages' answers: HTML, redirects, error pages, and the forms read from requests.
extension ScaryCreaturesPages {
    /// Runs `body`; a creature that does not exist (or an id that is not one) is a 404 page.
    func page(_ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch let error as ScaryCreaturesError where error.code == .notFound {
            return try await errorPage(.notFound, heading: "No such creature", message: Self.sentence(error.message))
        } catch let error as APIError where error.status == .notFound {
            return try await errorPage(.notFound, heading: "No such creature", message: Self.sentence(error.message))
        }
    }

    func errorPage(_ status: HTTPResponse.Status, heading: String, message: String) async throws -> Response {
        try await html(resources.render(ErrorPageModel(heading: heading, message: message), template: "error"), status: status)
    }

    /// A token that changes whenever creature `id`'s photo does, for its URLs; nil without one
    /// (or when it cannot be read: the page then shows no photo rather than failing).
    func photoTag(of id: Int) async -> String? {
        guard let file = try? await database.photoFile(of: id) else { return nil }
        return HTMLForm.escape(file.identity)
    }

    /// The `{id}` of a page's path: a positive integer, spelled the one way
    /// ``ScaryCreatures/CreatureRules/id(spelledAs:)`` allows.
    func pageID(_ context: BasicRequestContext) throws -> Int {
        guard let text = context.parameters.get("id"), let id = CreatureRules.id(spelledAs: text) else {
            throw APIError.notFound("there is no creature with that number")
        }
        return id
    }
}
