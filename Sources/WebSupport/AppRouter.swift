import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The router both apps start from: the same middleware in the same order — the request kept on
/// the event loop that read it, security headers,
/// request log, JSON errors, a `Content-Type` that repeats a parameter refused, decoded quoted
/// headers, 405s, the access token and sign-in (when one
/// is configured), cross-site refusal, the limits on uploads and event streams at once, the body
/// limit — then the app's own middleware, the API's `Cache-Control` (inside the app's response
/// cache, so kept answers carry it too), raw
/// request headers for the generated handlers, and `GET /openapi.yaml` serving the app's
/// document as it is.
public enum AppRouter {
    /// A router ready for the app's API and pages.
    ///
    /// - Parameters:
    ///   - appName: the app's name on the sign-in form.
    ///   - errors: the app's mapping of its errors to API errors.
    ///   - routes: every route with its methods, for 405 answers that list them (include
    ///     `/openapi.yaml`).
    ///   - openAPIDocument: the `openapi.yaml` the API was generated from.
    ///   - routeKinds: the upload and event-stream routes (held to ``WebConfiguration``'s
    ///     limits on uploads and streams at once; only uploads may have large bodies).
    ///   - heavyReads: the paths whose `GET` does work that grows with the data (lists, pages,
    ///     exports), answered off the event loops (``OffLoopMiddleware``).
    ///   - addInnerMiddleware: adds the app's own middleware, run after the common checks (a
    ///     response cache).
    public static func make(
        configuration: WebConfiguration, appName: String, errors: @escaping @Sendable (any Error) -> APIError?,
        routes: [(String, [HTTPRequest.Method])], openAPIDocument: Data,
        routeKinds: RouteKinds, heavyReads: Set<String> = [],
        addInnerMiddleware: (Router<BasicRequestContext>) -> Void = { _ in }
    ) -> Router<BasicRequestContext> {
        // HEAD is answered wherever GET is: the GET handler runs and its body is dropped.
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: EventLoopAffinityMiddleware())
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: ErrorMiddleware(map: errors))
        router.add(middleware: ContentTypeMiddleware())
        router.add(middleware: QuotedHeadersMiddleware())
        router.add(middleware: MethodNotAllowedMiddleware(routes: routes))
        let access = configuration.token.flatMap { $0.isEmpty ? nil : AccessToken($0, appName: appName, limits: configuration.tokenMode) }
        if let access {
            router.add(middleware: TokenMiddleware(access: access))
        }
        router.add(middleware: CrossSiteMiddleware())
        router.add(middleware: WorkLimitMiddleware(
            uploads: WorkLimit(configuration.maxUploads, of: "uploads (photos, imports, large bodies)"),
            eventStreams: WorkLimit(configuration.maxEventStreams, of: "event streams"),
            kinds: routeKinds
        ))
        router.add(middleware: BodyLimitMiddleware(limit: configuration.maxBodyBytes, largeLimit: configuration.maxImportBytes, kinds: routeKinds))
        router.add(middleware: FormGuardMiddleware(appName: appName, maxBodyBytes: configuration.maxBodyBytes))
        router.add(middleware: OffLoopMiddleware(paths: heavyReads))
        if let access {
            SignIn.addRoutes(to: router, access: access, appName: appName)
        }
        addInnerMiddleware(router)
        router.add(middleware: DataCacheControlMiddleware())
        router.add(middleware: RawRequestHeadersMiddleware())
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
