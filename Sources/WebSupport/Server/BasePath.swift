import HTTPTypes
import Hummingbird

/// The path a server is served under behind a reverse proxy (`--base-path /inventory`): every
/// request must be under it, the router sees the path without it, and everything the server
/// makes for a browser — pages' links, forms and scripts (`{{base}}` in the templates,
/// `data-base` for the scripts), redirects, links that leave the page — names it.
public enum BasePath {
    /// The base path of the request being answered: `""` at the root, else `/inventory`.
    @TaskLocal public static var current = ""

    /// `text` as a base path: `/` and segments of letters, digits, `-`, `.`, `_` and `~`
    /// (`/inventory`, `/apps/home-inventory`), a trailing `/` dropped; `/` alone is the root
    /// (`""`); nil for anything else.
    public static func parse(_ text: String) -> String? {
        guard text.hasPrefix("/"), text.utf8.count <= 200 else { return nil }
        var path = text
        while path.hasSuffix("/") { path.removeLast() }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for segment in segments {
            guard !segment.isEmpty, segment != ".", segment != "..",
                  segment.utf8.allSatisfy({ byte in
                      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || [0x2D, 0x2E, 0x5F, 0x7E].contains(byte)
                  }) else { return nil }
        }
        return path
    }

    /// `path` (which starts with `/`) under the current base path.
    public static func at(_ path: String) -> String {
        current + path
    }
}

/// The router of a server under a base path (``BasePath``): requests outside it are 404 (and
/// the base path itself, without its `/`, is sent there with 308); the router answers the rest
/// with the base path taken off, and a `Location` that names a path of the server gets it back.
public struct BasePathRouter<Inner: HTTPResponderBuilder>: HTTPResponderBuilder where Inner.Responder.Context == BasicRequestContext {
    let inner: Inner
    let basePath: String

    /// `inner` under `basePath` (``BasePath/parse(_:)``'s form; `""` for the root).
    public init(_ inner: Inner, basePath: String) {
        self.inner = inner
        self.basePath = basePath
    }

    /// The responder.
    public func buildResponder() -> Responder {
        Responder(inner: inner.buildResponder(), basePath: basePath)
    }

    /// What answers each request.
    public struct Responder: HTTPResponder {
        let inner: Inner.Responder
        let basePath: String

        /// Answers `request` under the base path.
        public func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
            guard !basePath.isEmpty else { return try await inner.respond(to: request, context: context) }
            let path = request.head.path ?? "/"
            let (route, query) = path.firstIndex(of: "?").map { (String(path[..<$0]), String(path[$0...])) } ?? (path, "")
            if route == basePath {
                return Response(status: .permanentRedirect, headers: [.location: basePath + "/" + query])
            }
            var response = try await BasePath.$current.withValue(basePath) {
                guard route.hasPrefix(basePath + "/") else {
                    return PlainPage.response(to: request, APIError(.notFound, code: "not_found", "this server answers under \(basePath)/"))
                }
                var head = request.head
                head.path = String(path.dropFirst(basePath.count))
                return try await inner.respond(to: Request(head: head, body: request.body), context: context)
            }
            if let location = response.headers[.location], location.hasPrefix("/"), !location.hasPrefix("//") {
                response.headers[.location] = basePath + location
            }
            return response
        }
    }
}
