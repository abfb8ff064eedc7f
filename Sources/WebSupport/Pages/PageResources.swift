import Foundation
import Mustache

/// An app's page files shipped in its module: the Mustache templates (`Resources/templates`),
/// the styles, scripts and icons served as they are (`Resources/static`), and what both apps
/// share from WebSupport: the templates `layout`, `error` and `confirm-delete` (an app's own
/// template of the same name replaces one) and the files `base.css`, `common.js`,
/// `autosave.js`, `upload.js`.
public struct PageResources: Sendable {
    /// The templates by name (`list`, `detail`, …).
    public let templates: MustacheLibrary
    /// The app's static files.
    public let assets: StaticAssets
    /// The files both apps share.
    public let commonAssets: StaticAssets
    /// The app, as every template sees it (`site`).
    public let site: SiteIdentity

    /// Reads WebSupport's shared templates and the `Resources` folder of `bundle` (a few small
    /// files, once, when the server starts).
    ///
    /// - Throws: when the resources are missing from the build or a template does not parse.
    public init(bundle: Bundle, site: SiteIdentity) throws {
        guard let root = bundle.url(forResource: "Resources", withExtension: nil),
              let shared = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        var templates = MustacheLibrary()
        for folder in [shared.appendingPathComponent("templates"), root.appendingPathComponent("templates")] {
            for url in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) where url.pathExtension == "mustache" {
                try templates.register(String(decoding: try Data(contentsOf: url), as: UTF8.self), named: url.deletingPathExtension().lastPathComponent)
            }
        }
        self.templates = templates
        self.site = site
        assets = try StaticAssets(folder: root.appendingPathComponent("static"))
        commonAssets = try CommonAssets.load()
    }

    /// Template `name` rendered with `model`, off the event loops (``OffLoop``: a page of
    /// 10,000 rows takes most of a second). The template reads the model's stored properties
    /// through its `Encodable` conformance (``TemplateValues``: no reflection). Every template
    /// also sees `formToken`, the token the page's forms send back (``FormGuardMiddleware``),
    /// `site`, `signedIn`: whether the request came with a sign-in session (token mode's,
    /// ``AccessToken``, or a person's, ``AccountAccess``), which the layout offers to end
    /// (``SignIn/signOutPath``), `person` (`name`, `role`, `managesPeople`) when signed in by
    /// person, and `mayChange`: false for a viewer, whose pages leave out every control that
    /// would change data (the server refuses such a change anyway), and `base`, the path the
    /// server is served under (``BasePath``), before every path a page names.
    ///
    /// - Throws: when there is no such template (a build without its resources).
    public func render(_ model: some Encodable & Sendable, template name: String) async throws -> String {
        let formToken = FormToken.current ?? "", signedIn = AccessToken.session != nil, site = site
        let person = AccountAccess.person.map { ["name": $0.name.text, "role": $0.role.rawValue, "managesPeople": $0.role.managesPeople] as [String: any Sendable] }
        let mayChange = AccountAccess.mayChange, base = BasePath.current
        let templates = self.templates
        return try await OffLoop.run {
            let context = PageContext(
                model: try TemplateValues.of(model), formToken: formToken, signedIn: signedIn, person: person, mayChange: mayChange, base: base, site: try TemplateValues.of(site)
            )
            guard let html = templates.render(context, withTemplate: name) else {
                throw CocoaError(.fileNoSuchFile)
            }
            return html
        }
    }
}

/// A page's model with what every page shows beside its own fields: the form token, whether the
/// request is signed in, the app.
private struct PageContext: MustacheParent {
    /// The model as the template reads it (``TemplateValues``).
    let model: Any?
    let formToken: String
    /// Whether the request came with a token-mode session (not a bearer token, not loopback).
    let signedIn: Bool
    /// The person signed in (`name`, `role`, `managesPeople`), when signed in by person.
    let person: [String: any Sendable]?
    /// Whether the page shows the controls that change data: false for a viewer.
    let mayChange: Bool
    /// The path the server is served under (``BasePath``): `""`, or `/inventory`.
    let base: String
    /// The ``SiteIdentity`` as the template reads it.
    let site: Any?

    func child(named name: String) -> Any? {
        switch name {
        case "formToken": formToken
        case "signedIn": signedIn
        case "person": person
        case "mayChange": mayChange
        case "base": base
        case "site": site
        default: (model as? TemplateFields)?.child(named: name)
        }
    }
}
