import Foundation
import Mustache
import WebSupport

/// The pages' files shipped in the package: the Mustache templates (`Resources/templates`), the
/// styles, scripts and icon served as they are (`Resources/static`), and WebSupport's shared files.
struct PageResources: Sendable {
    /// The templates by name (`list`, `item`, …).
    let templates: MustacheLibrary
    /// This module's static files.
    let assets: StaticAssets
    /// The files both apps share (`base.css`, `common.js`, `upload.js`).
    let commonAssets: StaticAssets

    /// Reads the folders from the bundles (a few small files, once, when the server starts).
    ///
    /// - Throws: when the resources are missing from the build or a template does not parse.
    static func load() throws -> PageResources {
        guard let root = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        var templates = MustacheLibrary()
        let folder = root.appendingPathComponent("templates")
        for url in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) where url.pathExtension == "mustache" {
            try templates.register(String(decoding: try Data(contentsOf: url), as: UTF8.self), named: url.deletingPathExtension().lastPathComponent)
        }
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
