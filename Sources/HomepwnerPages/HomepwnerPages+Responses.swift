import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import WebSupport

/// The pages' answers: HTML, redirects, error pages, and the forms read from requests.
extension HomepwnerPages {
    /// The heading of the page for a path that names no document.
    public static let notFoundHeading = "No such item"

    /// The message of a HomepwnerError that says the document does not exist.
    public static func notFoundMessage(_ error: any Error) -> String? {
        (error as? HomepwnerError).flatMap { $0.code == .notFound ? $0.message : nil }
    }

    /// The `{key}` of a page's path: an item key (a UUID).
    func pageKey(_ context: BasicRequestContext) throws -> String {
        guard let key = context.parameters.get("key"), ItemRules.isValidKey(key) else {
            throw APIError.notFound("there is no item with that key")
        }
        return key
    }
}
