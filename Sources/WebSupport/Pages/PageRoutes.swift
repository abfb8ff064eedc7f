import Hummingbird

/// Adds an app's pages over `Store` to a router: how an app's `<App>Pages` module joins the
/// server its `<App>Web` module builds, without the API depending on the pages
/// (`buildApplication(_:pages:)` in both apps; nil there serves the API alone).
///
/// - Throws: when the pages' resources are missing or a template does not parse.
public typealias PageRoutes<Store> = @Sendable (Router<BasicRequestContext>, Store) throws -> Void
