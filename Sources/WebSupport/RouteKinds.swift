import HTTPTypes
import Hummingbird

/// The routes an app treats specially before routing, declared by the app: uploads (a `PUT` or
/// `POST` whose body may be large and whose work grows with it: a photo, a zip to import), large
/// uploads among them (an import zip: streamed to disk by the handler, never held in memory,
/// under ``WebConfiguration/maxImportBytes``) and event streams (a `GET` held open). Paths are
/// patterns whose `{…}` segments match any one segment, as in ``MethodNotAllowedMiddleware``;
/// WebSupport knows no app's paths.
public struct RouteKinds: Sendable {
    private let uploads: [[Substring]]
    private let largeUploads: [[Substring]]
    private let eventStreams: [[Substring]]

    /// The kinds: `uploads`, `largeUploads` and `eventStreams` as path patterns
    /// (`/api/items/{itemKey}/photo`).
    public init(uploads: [String] = [], largeUploads: [String] = [], eventStreams: [String] = []) {
        self.uploads = uploads.map { $0.split(separator: "/") }
        self.largeUploads = largeUploads.map { $0.split(separator: "/") }
        self.eventStreams = eventStreams.map { $0.split(separator: "/") }
    }

    /// Whether `request` is a `PUT` or `POST` to an upload route (a large one included).
    public func isUpload(_ request: Request) -> Bool {
        guard request.method == .put || request.method == .post else { return false }
        return Self.matches(uploads, request.uri.path) || Self.matches(largeUploads, request.uri.path)
    }

    /// Whether `request` is a `PUT` or `POST` to a large upload route, whose handler streams the
    /// body to disk.
    public func isLargeUpload(_ request: Request) -> Bool {
        guard request.method == .put || request.method == .post else { return false }
        return Self.matches(largeUploads, request.uri.path)
    }

    /// Whether `request` is a `GET` of an event stream.
    public func isEventStream(_ request: Request) -> Bool {
        request.method == .get && Self.matches(eventStreams, request.uri.path)
    }

    private static func matches(_ patterns: [[Substring]], _ path: String) -> Bool {
        guard !patterns.isEmpty else { return false }
        let segments = path.split(separator: "/")
        return patterns.contains { MethodNotAllowedMiddleware<BasicRequestContext>.matches($0, segments) }
    }
}
