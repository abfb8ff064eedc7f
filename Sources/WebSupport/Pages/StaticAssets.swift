import Foundation
import HTTPTypes
import Hummingbird

/// The pages' styles, scripts and icons: the files of one folder, read once at start and served
/// under a path prefix with a strong `ETag` (a hash of the bytes), `Cache-Control: no-cache`
/// (the browser keeps them and revalidates with `If-None-Match`) and the type their extension
/// names. Names are looked up in the table read at start, so no request can reach another file.
public struct StaticAssets: Sendable {
    /// One file: its bytes, type and tag.
    struct Asset: Sendable {
        var bytes: [UInt8]
        var contentType: String
        var eTag: String
    }

    let assets: [String: Asset]

    /// Reads every regular file directly in `folder` (not its subfolders).
    ///
    /// - Throws: when the folder cannot be listed or a file read.
    public init(folder: URL) throws {
        var assets: [String: Asset] = [:]
        for url in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let bytes = [UInt8](try Data(contentsOf: url))
            assets[url.lastPathComponent] = Asset(bytes: bytes, contentType: Self.contentType(ofExtension: url.pathExtension), eTag: EntityTag.of(Data(bytes)))
        }
        self.assets = assets
    }

    /// The names of the files served.
    public var names: [String] { assets.keys.sorted() }

    /// The file `name` as UTF-8 text (a stylesheet to inline in a standalone page); nil when
    /// there is no such file.
    public func text(named name: String) -> String? {
        assets[name].map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    /// Adds `GET` and `HEAD` of `prefix/NAME` for every file to `router`.
    public func addRoutes<Context: RequestContext>(to router: Router<Context>, prefix: String) {
        let handler: @Sendable (Request, Context) async throws -> Response = { request, context in
            guard let name = context.parameters.get("name"), let asset = assets[name] else {
                throw APIError.notFound("there is no such file")
            }
            var headers = HTTPFields()
            headers[.eTag] = asset.eTag
            headers[.cacheControl] = "no-cache"
            headers[.contentType] = asset.contentType
            if let ifNoneMatch = request.headers[.ifNoneMatch], EntityTag.matches(ifNoneMatch, asset.eTag) {
                return Response(status: .notModified, headers: headers)
            }
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes)))
        }
        router.get(RouterPath(stringLiteral: "\(prefix)/:name"), use: handler)
        router.head(RouterPath(stringLiteral: "\(prefix)/:name"), use: handler)
    }

    /// The `Content-Type` for a file extension.
    static func contentType(ofExtension pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "json": return "application/json"
        case "html": return "text/html; charset=utf-8"
        default: return "application/octet-stream"
        }
    }
}
