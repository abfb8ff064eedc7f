import AsyncHTTPClient
import Foundation
import NIOCore

/// A client of one S3 bucket: GetObject, PutObject (conditional), HeadObject, DeleteObject and
/// ListObjectsV2, each signed with Signature V4 and tried again on failures that may pass.
///
/// Connections come from a bounded pool (``S3Settings/maxConnections``); every attempt has a
/// deadline; retries back off exponentially with full jitter (``RetryPolicy``). A conditional
/// write whose answer was lost is never blindly sent again: the object is looked at first, and a
/// write id stored with each write tells whether the lost one landed. Call ``shutdown()`` when done.
public final class S3Client: Sendable {
    /// The endpoint, credentials and limits.
    public let settings: S3Settings
    /// The bucket every key is in.
    public let bucket: String
    let http: HTTPClient
    let signer: SigV4Signer
    /// One slot per connection of the pool: requests beyond them wait here, within their deadline.
    let slots: RequestSlots

    /// The metadata name (`x-amz-meta-write-id`) under which each write stores its id.
    public static let writeIDMetadata = "write-id"

    /// A client of `bucket`; it opens no connection until the first request.
    public init(settings: S3Settings, bucket: String) {
        self.settings = settings
        self.bucket = bucket
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: TimeAmount(settings.connectTimeout), read: TimeAmount(settings.requestTimeout))
        configuration.connectionPool = .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, settings.maxConnections))
        configuration.connectionPool.retryConnectionEstablishment = false  // our retries decide
        configuration.httpVersion = .http1Only
        configuration.decompression = .disabled
        configuration.redirectConfiguration = .disallow
        http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        signer = .s3(credentials: settings.credentials, region: settings.region)
        slots = RequestSlots(limit: settings.maxConnections)
    }

    /// Closes the connections; the client cannot be used afterwards.
    public func shutdown() async throws {
        try await http.shutdown()
    }

    /// A client dropped without ``shutdown()`` still closes its connections (in the background:
    /// the HTTP client keeps itself alive until they are closed).
    deinit {
        http.shutdown { _ in }
    }

    // MARK: - Operations

    /// GetObject: the object at `key` (or a range of its bytes), or ``S3ReadResult/notModified``
    /// when `ifNoneMatch` is its current ETag.
    /// - Parameter maxBytes: the most bytes accepted; a larger object is ``S3Error/Code/tooLarge``.
    /// - Throws: ``S3Error`` (`.notFound` when there is no such object).
    public func get(_ key: String, range: ClosedRange<Int>? = nil, ifNoneMatch: String? = nil, maxBytes: Int) async throws -> S3ReadResult {
        var headers: [(name: String, value: String)] = []
        if let range { headers.append(("Range", "bytes=\(range.lowerBound)-\(range.upperBound)")) }
        if let ifNoneMatch { headers.append(("If-None-Match", ifNoneMatch)) }
        let answer = try await perform(S3Request(method: "GET", key: key, headers: headers, maxResponseBytes: maxBytes))
        switch answer.status {
        case 200, 206:
            return .object(S3Object(body: answer.body, etag: try answer.etag(), metadata: answer.metadata))
        case 304:
            return .notModified
        default:
            throw answer.failure(key: key)
        }
    }

    /// PutObject under a condition; answers the new version's ETag.
    ///
    /// ``write(_:body:contentType:metadata:condition:history:)`` without a history: for objects
    /// written once, or unconditionally.
    /// - Throws: ``S3Error``: `.preconditionFailed` when the condition does not hold.
    @discardableResult
    public func put(_ key: String, body: Data, contentType: String? = nil, metadata: [String: String] = [:], condition: S3WriteCondition = .always) async throws -> String {
        try await write(key, body: body, contentType: contentType, metadata: metadata, condition: condition).etag
    }

    /// PutObject under a condition, recording this write's id before the `history` of the
    /// version it replaces (``S3Written/history`` of the last write, or
    /// ``S3Object/writeHistory`` of the version read; the newest ``historyLength`` are kept).
    ///
    /// If the answer to a conditional write is lost (a dropped connection, a 500), the object is
    /// looked at before anything is sent again: if its history holds this write's id, the write
    /// landed (``S3Written/isCurrent`` is false when another write has replaced it since); if
    /// the condition still holds, it is sent again; otherwise ``S3Error/Code/preconditionFailed``.
    /// - Throws: ``S3Error``: `.preconditionFailed` when the condition does not hold.
    public func write(
        _ key: String, body: Data, contentType: String? = nil, metadata: [String: String] = [:],
        condition: S3WriteCondition = .always, history: [String] = []
    ) async throws -> S3Written {
        let writeID = UUID().uuidString
        let newHistory = Array(([writeID] + history.filter(Self.isWriteID)).prefix(Self.historyLength))
        var headers: [(name: String, value: String)] = [("Content-Length", String(body.count))]
        if let contentType { headers.append(("Content-Type", contentType)) }
        for (name, value) in metadata.sorted(by: { $0.key < $1.key })
        where name.lowercased() != Self.writeIDMetadata && name.lowercased() != Self.historyMetadata {
            headers.append(("x-amz-meta-\(name.lowercased())", value))
        }
        headers.append(("x-amz-meta-\(Self.writeIDMetadata)", writeID))
        headers.append(("x-amz-meta-\(Self.historyMetadata)", newHistory.joined(separator: ",")))
        switch condition {
        case .always: break
        case .absent: headers.append(("If-None-Match", "*"))
        case .matching(let etag): headers.append(("If-Match", etag))
        }
        let request = S3Request(method: "PUT", key: key, headers: headers, body: body, maxResponseBytes: 64 << 10)
        let resolve: Resolver? = condition == .always ? nil : { @Sendable [self] in
            try await resolveLostWrite(key: key, writeID: writeID, condition: condition)
        }
        let answer = try await perform(request, resolvingLostAnswers: resolve)
        if answer.status == 404, case .matching = condition, answer.s3Code != "NoSuchBucket" {
            // AWS answers a replace of a missing object 404 NoSuchKey, where moto and Ceph say 412.
            throw S3Error(.preconditionFailed, "\(key) changed: it was deleted, so the version to replace is gone", status: 404, s3Code: answer.s3Code)
        }
        guard answer.status == 200 else { throw answer.failure(key: key) }
        return S3Written(etag: try answer.etag(), history: newHistory, isCurrent: !answer.superseded)
    }

    /// How many write ids an object's history keeps (37 bytes each, within S3's 2 KB of metadata).
    public static let historyLength = 16

    /// The metadata name (`x-amz-meta-write-history`) of the ids of the latest writes, newest first.
    public static let historyMetadata = "write-history"

    /// The write ids in an object's metadata, newest first.
    static func writeHistory(in metadata: [String: String]) -> [String] {
        if let history = metadata[historyMetadata] {
            return history.split(separator: ",").map(String.init).filter(isWriteID)
        }
        return metadata[writeIDMetadata].map { [$0] } ?? []
    }

    /// Whether text can be a write id (a UUID's letters, digits and dashes), so a history read
    /// from another program cannot put anything else into a header.
    static func isWriteID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text.utf8.allSatisfy { URIEncoding.isUnreserved($0) && $0 != UInt8(ascii: "~") }
    }

    /// HeadObject: the object's ETag, size and metadata, or nil when there is none.
    public func head(_ key: String) async throws -> S3ObjectInfo? {
        let answer = try await perform(S3Request(method: "HEAD", key: key, maxResponseBytes: 0))
        switch answer.status {
        case 200:
            guard let size = answer.headers.first(name: "content-length").flatMap({ Int($0) }) else {
                throw S3Error(.badResponse, "HEAD \(key) answered without a Content-Length", status: 200)
            }
            return S3ObjectInfo(etag: try answer.etag(), size: size, metadata: answer.metadata)
        case 404:
            return nil
        default:
            throw answer.failure(key: key)
        }
    }

    /// DeleteObject; deleting what is not there is not an error.
    public func delete(_ key: String) async throws {
        let answer = try await perform(S3Request(method: "DELETE", key: key, maxResponseBytes: 64 << 10))
        guard answer.status == 204 || answer.status == 200 || answer.status == 404 else { throw answer.failure(key: key) }
    }

    /// ListObjectsV2: one page of the keys under `prefix`, in key order.
    /// - Parameters:
    ///   - delimiter: groups keys that have it after the prefix into ``S3ListPage/commonPrefixes``.
    ///   - continuationToken: the previous page's ``S3ListPage/continuationToken``.
    ///   - startAfter: only keys after this one (on the first page; a continuation token carries it on).
    ///   - maxKeys: the most keys on the page (S3 gives at most 1,000).
    public func listPage(
        prefix: String, delimiter: String? = nil, continuationToken: String? = nil, startAfter: String? = nil, maxKeys: Int = 1000
    ) async throws -> S3ListPage {
        var query: [(name: String, value: String)] = [("list-type", "2"), ("prefix", prefix), ("encoding-type", "url"), ("max-keys", String(maxKeys))]
        if let delimiter { query.append(("delimiter", delimiter)) }
        if let continuationToken { query.append(("continuation-token", continuationToken)) }
        if let startAfter, continuationToken == nil { query.append(("start-after", startAfter)) }
        let answer = try await perform(S3Request(method: "GET", key: nil, query: query, maxResponseBytes: 16 << 20))
        guard answer.status == 200 else { throw answer.failure(key: prefix) }
        let result = try S3XML.listResult(answer.body)
        return S3ListPage(
            objects: result.entries.map { S3ListedObject(key: $0.key, etag: $0.etag, size: $0.size, lastModified: S3XML.date($0.lastModified)) },
            commonPrefixes: result.commonPrefixes,
            continuationToken: result.isTruncated ? result.nextContinuationToken : nil
        )
    }

    /// Checks that the endpoint answers, the credentials are accepted and the bucket exists, with
    /// one listing of at most one key under `prefix`, tried by `retry` with `requestTimeout` per
    /// attempt instead of the settings' (a check should fail at once on a wrong endpoint, not
    /// after the time a running server grants a request).
    ///
    /// - Throws: ``S3Error`` saying which of these failed.
    public func check(prefix: String, retry: RetryPolicy, requestTimeout: Duration) async throws {
        let query: [(name: String, value: String)] = [("list-type", "2"), ("prefix", prefix), ("encoding-type", "url"), ("max-keys", "1")]
        let answer = try await perform(S3Request(method: "GET", key: nil, query: query, maxResponseBytes: 1 << 20), retry: retry, requestTimeout: requestTimeout)
        guard answer.status == 200 else { throw answer.failure(key: prefix) }
    }

    /// Every object under `prefix`: ListObjectsV2 page after page.
    /// - Parameter limit: the most objects accepted; more is ``S3Error/Code/tooLarge``.
    public func listAll(prefix: String, limit: Int = 10_000_000) async throws -> [S3ListedObject] {
        var objects: [S3ListedObject] = []
        try await forEachPage(prefix: prefix) { page in
            objects += page.objects
            guard objects.count <= limit else {
                throw S3Error(.tooLarge, "more than \(limit) objects under \(prefix)")
            }
        }
        return objects
    }

    /// ListObjectsV2 page after page under `prefix`, each page handed to `body` (one request
    /// each); a listing that repeats its continuation token is ``S3Error/Code/badResponse``.
    /// - Parameter delimiter: groups keys into ``S3ListPage/commonPrefixes`` as ``listPage(prefix:delimiter:continuationToken:maxKeys:)`` does.
    public func forEachPage(prefix: String, delimiter: String? = nil, _ body: (S3ListPage) throws -> Void) async throws {
        var token: String?
        repeat {
            let page = try await listPage(prefix: prefix, delimiter: delimiter, continuationToken: token)
            try body(page)
            if page.continuationToken != nil && page.continuationToken == token {
                throw S3Error(.badResponse, "the listing repeated its continuation token")
            }
            token = page.continuationToken
        } while token != nil
    }

    /// ListObjectsV2 over one range of the keys under `prefix`: those after `startAfter` (nil:
    /// from the first) up to and including `end` (nil: to the last), page after page, each
    /// page's keys in the range handed to `body`. Ranges that meet end to end list a prefix in
    /// parallel (the keys of a page that reaches into the next range are dropped here; they cost
    /// no further request). A listing that repeats its continuation token is
    /// ``S3Error/Code/badResponse``.
    public func forEachPage(
        prefix: String, after startAfter: String?, through end: String?, maxKeys: Int = 1000, _ body: ([S3ListedObject]) throws -> Void
    ) async throws {
        var token: String?
        repeat {
            let page = try await listPage(prefix: prefix, continuationToken: token, startAfter: startAfter, maxKeys: maxKeys)
            guard let end else {
                try body(page.objects)
                if page.continuationToken != nil && page.continuationToken == token {
                    throw S3Error(.badResponse, "the listing repeated its continuation token")
                }
                token = page.continuationToken
                continue
            }
            let inRange = page.objects.prefix { !end.utf8.lexicographicallyPrecedes($0.key.utf8) }
            try body(Array(inRange))
            if inRange.count < page.objects.count { return }  // the page reached past the end
            if page.continuationToken != nil && page.continuationToken == token {
                throw S3Error(.badResponse, "the listing repeated its continuation token")
            }
            token = page.continuationToken
        } while token != nil
    }

    /// Every object under `prefix`, listed wide: the first page, and when there are more, the
    /// rest as the ranges between `boundaries` (key suffixes after `prefix`, in key order) that
    /// follow that page's last key, `concurrency` ranges at a time. It costs about a request
    /// more per range than ``forEachPage(prefix:delimiter:_:)`` and takes a fraction of its time
    /// when the keys spread over the ranges; a listing of one page is one request either way.
    /// The parts come in no particular order; each holds its range's keys in key order.
    public func listWide(prefix: String, boundaries: [String], concurrency: Int, maxKeys: Int = 1000) async throws -> [[S3ListedObject]] {
        let first = try await listPage(prefix: prefix, maxKeys: maxKeys)
        guard first.continuationToken != nil, let last = first.objects.last?.key else { return [first.objects] }
        var ranges: [(after: String, through: String?)] = []
        var start = last
        for boundary in boundaries.map({ prefix + $0 }) where start.utf8.lexicographicallyPrecedes(boundary.utf8) {
            ranges.append((start, boundary))
            start = boundary
        }
        ranges.append((start, nil))
        let parts = try await withThrowingTaskGroup(of: [S3ListedObject].self) { group in
            var pending = ranges.makeIterator()
            func start() {
                guard let range = pending.next() else { return }
                group.addTask {
                    var objects: [S3ListedObject] = []
                    try await self.forEachPage(prefix: prefix, after: range.after, through: range.through, maxKeys: maxKeys) { objects += $0 }
                    return objects
                }
            }
            for _ in 0..<max(1, concurrency) { start() }
            var parts: [[S3ListedObject]] = []
            for try await part in group {
                parts.append(part)
                start()
            }
            return parts
        }
        return [first.objects] + parts
    }

    /// After a conditional write's answer was lost: did it land, may it be sent again, or has
    /// the condition stopped holding?
    func resolveLostWrite(key: String, writeID: String, condition: S3WriteCondition) async throws -> Resolution {
        guard let info = try await head(key) else {
            // Nothing there: a create may go again; a replace of a deleted object cannot hold.
            return condition == .absent ? .retry : .answer(S3Answer.synthetic(status: 412))
        }
        let history = info.writeHistory
        if history.first == writeID {
            return .answer(S3Answer.synthetic(status: 200, etag: info.etag))
        }
        if history.contains(writeID) {
            // It landed, and another writer (who read it) has replaced it since.
            var answer = S3Answer.synthetic(status: 200, etag: info.etag)
            answer.superseded = true
            return .answer(answer)
        }
        if case .matching(let etag) = condition, info.etag == etag {
            return .retry
        }
        return .answer(S3Answer.synthetic(status: 412))
    }
}
