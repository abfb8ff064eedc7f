import Foundation
import Mustache
import WebSupport

/// The pages' files shipped in the package: the Mustache templates (`Resources/templates`) and
/// the styles, scripts and icons served as they are (`Resources/static`).
struct PageResources: Sendable {
    /// The templates by name (`list`, `detail`, …).
    let templates: MustacheLibrary
    /// The static files.
    let assets: StaticAssets
    /// The files both apps share (WebSupport's `base.css`, `common.js`, `upload.js`).
    let commonAssets: StaticAssets

    /// Reads both folders from the module's bundle.
    ///
    /// - Throws: when the resources are missing from the build or a template does not parse.
    static func load() async throws -> PageResources {
        guard let root = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        let templates = try await MustacheLibrary(directory: root.appendingPathComponent("templates").path)
        let assets = try StaticAssets(folder: root.appendingPathComponent("static"))
        return PageResources(templates: templates, assets: assets, commonAssets: try CommonAssets.load())
    }

    /// Template `name` rendered with `model`.
    ///
    /// - Throws: when there is no such template (a build without its resources).
    func render(_ model: Any, template name: String) throws -> String {
        guard let html = templates.render(model, withTemplate: name) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return html
    }
}
