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
    private let addRoutes: @Sendable (Router<BasicRequestContext>, Store, WebConfiguration) throws -> PageResources?

    /// The pages `addRoutes` adds, with their uploads and heavy reads.
    public init(
        uploads: [String] = [], heavyReads: Set<String> = [],
        addRoutes: @escaping @Sendable (Router<BasicRequestContext>, Store, WebConfiguration) throws -> Void
    ) {
        self.uploads = uploads
        self.heavyReads = heavyReads
        self.addRoutes = { router, store, configuration in
            try addRoutes(router, store, configuration)
            return nil
        }
    }

    /// An app's pages: those `makePages` makes over a store, and with them the Account and
    /// People pages (``AccountPages``) in the app's layout when the server has accounts.
    public init(
        uploads: [String] = [], heavyReads: Set<String> = [],
        makePages: @escaping @Sendable (Store, WebConfiguration) throws -> any AppPages
    ) {
        self.uploads = uploads
        self.heavyReads = heavyReads
        self.addRoutes = { router, store, configuration in
            let pages = try makePages(store, configuration)
            pages.addRoutes(to: router)
            return pages.resources
        }
    }

    /// Adds the pages over `store` to `router`, for a server started with `configuration`, and
    /// the pages of `accounts` (``AccountPages``) when there are any.
    ///
    /// - Throws: when the pages' resources are missing or a template does not parse.
    public func add(to router: Router<BasicRequestContext>, store: Store, configuration: WebConfiguration, accounts: AccountAccess? = nil) throws {
        let resources = try addRoutes(router, store, configuration)
        if let accounts, let resources {
            AccountPages(access: accounts, resources: resources, publicURL: configuration.publicURL).addRoutes(to: router)
        }
    }
}

/// An app's pages: its templates and files, and the routes that serve them.
public protocol AppPages: PageResponses, Sendable {
    /// Adds the pages' routes to `router`.
    func addRoutes(to router: Router<BasicRequestContext>)
}
