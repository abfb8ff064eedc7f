import Foundation
import HTTPTypes
import Hummingbird
import ScaryCreatures
import WebSupport

/// The pages' answers: HTML, redirects, error pages, and the forms read from requests.
extension ScaryCreaturesPages {
    /// The heading of the page for a path that names no document.
    public static let notFoundHeading = "No such creature"

    /// The message of a ScaryCreaturesError that says the document does not exist.
    public static func notFoundMessage(_ error: any Error) -> String? {
        (error as? ScaryCreaturesError).flatMap { $0.code == .notFound ? $0.message : nil }
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
