import Hummingbird

/// An app's pages over `Store`, as its server takes them: the routes to add to the router, and
/// what the server must know of them before routing. How an app's `<App>Pages` module joins the
/// server its `<App>Web` module builds without the API depending on the pages, or naming a page
/// (`buildApplication(_:pages:)` in both apps; nil there serves the API alone).
public struct PageRoutes<Store>: Sendable {
    /// The page forms that take uploads (a photo, an attachment, files to import), as path
    /// patterns whose `{…}` segments match any one segment (`/items/{key}/photo`): held to the
    /// limit on uploads at once (``RouteKinds``).
    public let uploads: [String]
    /// The pages whose `GET` does work that grows with the data (a list), by exact path:
    /// answered off the event loops (``OffLoopMiddleware``).
    public let heavyReads: Set<String>
    private let addRoutes: @Sendable (Router<BasicRequestContext>, Store, WebConfiguration) throws -> Void

    /// The pages `addRoutes` adds, with their uploads and heavy reads.
    public init(
        uploads: [String] = [], heavyReads: Set<String> = [],
        addRoutes: @escaping @Sendable (Router<BasicRequestContext>, Store, WebConfiguration) throws -> Void
    ) {
        self.uploads = uploads
        self.heavyReads = heavyReads
        self.addRoutes = addRoutes
    }

    /// Adds the pages over `store` to `router`, for a server started with `configuration`.
    ///
    /// - Throws: when the pages' resources are missing or a template does not parse.
    public func add(to router: Router<BasicRequestContext>, store: Store, configuration: WebConfiguration) throws {
        try addRoutes(router, store, configuration)
    }
}
