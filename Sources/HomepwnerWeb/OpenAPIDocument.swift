import Foundation

/// The `openapi.yaml` the API was generated from, shipped as a resource and served as it is.
enum OpenAPIDocument {
    /// The document's bytes.
    ///
    /// - Throws: when the resource is missing from the build.
    static func load() throws -> Data {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: url)
    }
}
