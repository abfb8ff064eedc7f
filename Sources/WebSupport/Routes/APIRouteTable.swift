import Foundation
import HTTPTypes

/// An app's API as its `openapi.yaml` declares it, read from the document itself so that the
/// server's route table is never a hand-typed copy: every operation (path and method) for the
/// 405 answers, and what the server must know of an operation before routing it.
///
/// What the document says in OpenAPI's own terms is read from there: an operation whose request
/// body may be anything but `application/json` (a photo, a zip, a CSV file) is an upload; one
/// that answers `text/event-stream` is an event stream. What only the server knows is said by an
/// `x-work` extension on the operation: `heavy` (its work grows with the data or the body: run
/// off the event loops; exact paths only) or `large-upload` (an upload its handler streams to
/// disk, under ``WebConfiguration/maxImportBytes``). An `x-access: public` operation (the health
/// and readiness probes) needs no access token or session: a `GET` on an exact path.
public struct APIRouteTable: Sendable {
    /// One operation: a method on a path pattern (`/api/items/{itemKey}`), and its kind.
    public struct Operation: Sendable, Hashable {
        /// The method.
        public let method: HTTPRequest.Method
        /// The path pattern, `{…}` segments matching any one segment.
        public let path: String
        /// Whether its request body may be other than JSON: a photo, a zip, a CSV file.
        public let isUpload: Bool
        /// Whether it is an upload streamed to disk (`x-work: large-upload`).
        public let isLargeUpload: Bool
        /// Whether it answers with an event stream (`text/event-stream`).
        public let isEventStream: Bool
        /// Whether its work grows with the data or the body (`x-work: heavy`).
        public let isHeavy: Bool
        /// Whether it is answered without the access token or a session (`x-access: public`).
        public let isPublic: Bool
    }

    /// The operations, in the document's order.
    public let operations: [Operation]

    /// The operations of `document`, an `openapi.yaml`.
    ///
    /// - Throws: ``OpenAPIDocumentError`` for a line this reader cannot read, a reference it
    ///   cannot follow, an unknown `x-work`, or a heavy operation on a path with parameters.
    public init(openAPIDocument document: Data) throws {
        let outline = try YAMLOutline(String(decoding: document, as: UTF8.self))
        guard let paths = outline.root["paths"] else { throw OpenAPIDocumentError("the document has no paths") }
        var operations: [Operation] = []
        for path in paths.children {
            guard path.key.hasPrefix("/") else { throw OpenAPIDocumentError("line \(path.line): \(path.key) is not a path") }
            for entry in path.children {
                guard let method = Self.methods[entry.key] else {
                    guard Self.pathFields.contains(entry.key) || entry.key.hasPrefix("x-") else {
                        throw OpenAPIDocumentError("line \(entry.line): \(entry.key) under \(path.key) is neither an operation nor a field this reader knows")
                    }
                    continue
                }
                operations.append(try Self.operation(entry, method: method, path: path.key, in: outline))
            }
        }
        self.operations = operations
    }

    /// Every path with the methods it takes, in the document's order of paths: `HEAD` wherever
    /// `GET` is (the router answers it), methods in the order GET, HEAD, POST, PUT, PATCH,
    /// DELETE, then any other.
    public var methodsByPath: [(path: String, methods: [HTTPRequest.Method])] {
        var order: [String] = []
        var methods: [String: Set<HTTPRequest.Method>] = [:]
        for operation in operations {
            if methods[operation.path] == nil { order.append(operation.path) }
            methods[operation.path, default: []].insert(operation.method)
            if operation.method == .get { methods[operation.path, default: []].insert(.head) }
        }
        let rank: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete]
        return order.map { path in
            (path, methods[path, default: []].sorted { (rank.firstIndex(of: $0) ?? rank.count, $0.rawValue) < (rank.firstIndex(of: $1) ?? rank.count, $1.rawValue) })
        }
    }

    /// The path patterns of the uploads (large ones included).
    public var uploads: [String] { paths { $0.isUpload } }
    /// The path patterns of the uploads streamed to disk.
    public var largeUploads: [String] { paths { $0.isLargeUpload } }
    /// The path patterns of the event streams.
    public var eventStreams: [String] { paths { $0.isEventStream } }
    /// The exact paths of the heavy `GET`s, answered off the event loops.
    public var heavyReads: Set<String> { Set(paths { $0.isHeavy && $0.method == .get }) }
    /// The exact paths of the public `GET`s (`x-access: public`), answered without the access
    /// token (`HEAD` too).
    public var publicReads: Set<String> { Set(paths { $0.isPublic }) }
    /// The heavy operations other than `GET`s, each a method and an exact path.
    public var heavyWrites: [(HTTPRequest.Method, String)] {
        operations.filter { $0.isHeavy && $0.method != .get }.map { ($0.method, $0.path) }
    }

    private func paths(_ isIncluded: (Operation) -> Bool) -> [String] {
        var seen: Set<String> = []
        return operations.filter(isIncluded).map(\.path).filter { seen.insert($0).inserted }
    }

    private static let methods: [String: HTTPRequest.Method] = [
        "get": .get, "put": .put, "post": .post, "delete": .delete, "options": .options, "head": .head, "patch": .patch, "trace": .trace,
    ]
    private static let pathFields: Set<String> = ["summary", "description", "servers", "parameters"]

    private static func operation(_ node: YAMLOutline.Node, method: HTTPRequest.Method, path: String, in outline: YAMLOutline) throws -> Operation {
        var bodyTypes: [String] = []
        if let body = node["requestBody"] {
            bodyTypes = try mediaTypes(of: body, in: outline)
        }
        var answerTypes: [String] = []
        for response in node["responses"]?.children ?? [] {
            answerTypes += try mediaTypes(of: response, in: outline)
        }
        let mark = node["x-work"]
        let work = mark?.value
        let line = mark?.line ?? node.line
        guard work == nil || work == "heavy" || work == "large-upload" else {
            throw OpenAPIDocumentError("line \(line): x-work \(work ?? "") is neither heavy nor large-upload")
        }
        let access = node["x-access"]
        guard access == nil || access?.value == "public" else {
            throw OpenAPIDocumentError("line \(access?.line ?? node.line): x-access \(access?.value ?? "") is not public")
        }
        if access != nil, method != .get || path.contains("{") {
            throw OpenAPIDocumentError("line \(access?.line ?? node.line): \(method) \(path) is marked public, but only GETs of exact paths may be")
        }
        let isUpload = (method == .put || method == .post) && bodyTypes.contains { $0 != "application/json" }
        if work == "large-upload", !isUpload {
            throw OpenAPIDocumentError("line \(line): \(method) \(path) is marked large-upload but takes no upload")
        }
        if work == "heavy", path.contains("{") {
            throw OpenAPIDocumentError("line \(line): \(method) \(path) is marked heavy, but heavy work is found by exact path")
        }
        return Operation(
            method: method, path: path, isUpload: isUpload, isLargeUpload: work == "large-upload",
            isEventStream: method == .get && answerTypes.contains("text/event-stream"), isHeavy: work == "heavy",
            isPublic: access != nil
        )
    }

    /// The media types under `content` of a request body or a response, following a `$ref` to
    /// the document's components.
    private static func mediaTypes(of node: YAMLOutline.Node, in outline: YAMLOutline) throws -> [String] {
        var target = node
        if let reference = reference(in: node) {
            target = try outline.resolve(reference, line: node.line)
        } else if !node.value.isEmpty {
            // Inline (`{ description: Deleted }`): fine without content; content written inline
            // is more than this reader reads.
            guard node.value.hasPrefix("{"), !node.value.contains("content") else {
                throw OpenAPIDocumentError("line \(node.line): \(node.key) is neither a $ref nor a block this reader reads")
            }
            return []
        }
        return target["content"]?.children.map(\.key) ?? []
    }

    /// The `$ref` of `node`, inline (`{ $ref: "#/…" }`) or as its child.
    private static func reference(in node: YAMLOutline.Node) -> String? {
        if let child = node["$ref"] { return unquoted(child.value) }
        let value = node.value
        guard value.hasPrefix("{"), value.hasSuffix("}") else { return nil }
        let inner = value.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
        guard inner.hasPrefix("$ref:") else { return nil }
        return unquoted(inner.dropFirst("$ref:".count).trimmingCharacters(in: .whitespaces))
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == text.last, first == "\"" || first == "'" else { return text }
        return String(text.dropFirst().dropLast())
    }
}

/// An `openapi.yaml` that ``APIRouteTable`` cannot read: what and where.
public struct OpenAPIDocumentError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, with its line.
    public let message: String

    /// The error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
