import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The router both apps start from: the same middleware in the same order — the request kept on
/// the event loop that read it, security headers,
/// request log, JSON errors, a `Content-Type` that repeats a parameter refused, decoded quoted
/// headers, 405s, sign-in by person (once accounts are stored), the access token and sign-in
/// (when one is configured), cross-site refusal, the limits on uploads and event streams at once, the body
/// limit — then the app's own middleware, the API's `Cache-Control` (inside the app's response
/// cache, so kept answers carry it too), raw
/// request headers for the generated handlers, heavy writes off the event loops, and
/// `GET /openapi.yaml` serving the app's document as it is. What the middleware must know of
/// the routes comes from the API's document (``APIRouteTable``) and from the pages
/// (``PageRoutes``): no app names a path twice.
public enum AppRouter {
    /// A router ready for the app's API and pages (which the app then registers).
    ///
    /// - Parameters:
    ///   - appName: the app's name on the sign-in form.
    ///   - errors: the app's mapping of its errors to API errors.
    ///   - openAPIDocument: the `openapi.yaml` the API was generated from: its operations make
    ///     the 405 answers (with `/openapi.yaml` itself), and its uploads, large uploads, event
    ///     streams and heavy operations are held to ``WebConfiguration``'s limits and answered off
    ///     the event loops (``APIRouteTable``).
    ///   - pages: the pages' uploads and heavy reads, added to the API's; nil for the API alone.
    ///   - accounts: the people who may sign in, kept with the data (``AccountGateMiddleware``:
    ///     once one is stored, every request needs a session); nil for none.
    ///   - addInnerMiddleware: adds the app's own middleware, run after the common checks (a
    ///     response cache).
    /// - Throws: ``OpenAPIDocumentError`` when the document cannot be read.
    public static func make<Store>(
        configuration: WebConfiguration, appName: String, errors: @escaping @Sendable (any Error) -> APIError?,
        openAPIDocument: Data, pages: PageRoutes<Store>?, accounts: AccountAccess? = nil,
        addInnerMiddleware: (Router<BasicRequestContext>) -> Void = { _ in }
    ) throws -> Router<BasicRequestContext> {
        let api = try APIRouteTable(openAPIDocument: openAPIDocument)
        let routeKinds = RouteKinds(
            uploads: api.uploads + (pages?.uploads ?? []), largeUploads: api.largeUploads, eventStreams: api.eventStreams
        )
        // HEAD is answered wherever GET is: the GET handler runs and its body is dropped.
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: EventLoopAffinityMiddleware())
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: ErrorMiddleware(map: errors))
        router.add(middleware: ContentTypeMiddleware())
        router.add(middleware: QuotedHeadersMiddleware())
        router.add(middleware: MethodNotAllowedMiddleware(routes: api.methodsByPath.map { ($0.path, $0.methods) } + [("/openapi.yaml", [.get, .head])]))
        let access = configuration.token.flatMap { $0.isEmpty ? nil : AccessToken($0, appName: appName, limits: configuration.tokenMode) }
        if let accounts {
            router.add(middleware: AccountGateMiddleware(access: accounts, tokenConfigured: access != nil, publicReads: api.publicReads))
        }
        if let access {
            router.add(middleware: TokenMiddleware(access: access, publicReads: api.publicReads))
        }
        router.add(middleware: CrossSiteMiddleware())
        router.add(middleware: WorkLimitMiddleware(
            uploads: WorkLimit(configuration.maxUploads, of: "uploads (photos, imports, large bodies)"),
            eventStreams: WorkLimit(configuration.maxEventStreams, of: "event streams"),
            kinds: routeKinds
        ))
        router.add(middleware: BodyLimitMiddleware(limit: configuration.maxBodyBytes, largeLimit: configuration.maxImportBytes, kinds: routeKinds))
        router.add(middleware: FormGuardMiddleware(
            appName: appName, maxBodyBytes: configuration.maxBodyBytes, apiPaths: Set(api.methodsByPath.map(\.path).filter { !$0.hasPrefix("/api/") })
        ))
        router.add(middleware: OffLoopMiddleware(paths: api.heavyReads.union(pages?.heavyReads ?? [])))
        if access != nil || accounts != nil {
            SignIn.addRoutes(to: router, access: access, accounts: accounts, appName: appName)
        }
        addInnerMiddleware(router)
        router.add(middleware: DataCacheControlMiddleware())
        router.add(middleware: RawRequestHeadersMiddleware())
        if !api.heavyWrites.isEmpty {
            router.add(middleware: OffLoopWriteMiddleware(routes: api.heavyWrites))
        }
        router.get("/openapi.yaml") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/yaml; charset=utf-8"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: openAPIDocument)))
        }
        return router
    }

    /// The `openapi.yaml` shipped in `bundle` (the app module's resources).
    ///
    /// - Throws: when the resource is missing from the build.
    public static func openAPIDocument(in bundle: Bundle) throws -> Data {
        guard let url = bundle.url(forResource: "openapi", withExtension: "yaml") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: url)
    }
}
