import HTTPTypes
import Synchronization

/// At most ``limit`` requests of one kind at work at once; one more is refused at once with
/// 429 Too Many Requests and `Retry-After`, before it reads its body.
///
/// Photo uploads and imports each hold a body of up to the body limit and decode an image or
/// open a zip; event streams each hold a subscription for as long as the client stays. Without a
/// bound, a burst of them — or one client opening thousands — would make the server hold memory
/// in proportion, where with it the server's memory stays bounded whatever clients send.
public final class WorkLimit: Sendable {
    /// How many may be at work at once.
    public let limit: Int
    /// What is limited, in the refusal's message ("photo uploads and imports").
    public let name: String
    /// How many seconds a refused client is told to wait (`Retry-After`).
    public let retryAfterSeconds: Int
    private let running = Mutex(0)

    /// Creates a limit of `limit` at once (0 refuses every one).
    public init(_ limit: Int, of name: String, retryAfterSeconds: Int = 1) {
        self.limit = max(0, limit)
        self.name = name
        self.retryAfterSeconds = max(0, retryAfterSeconds)
    }

    /// How many are at work now.
    public var count: Int { running.withLock { $0 } }

    /// Runs `body` as one of those at work.
    ///
    /// - Throws: ``APIError`` 429 `too_many_requests` (with `Retry-After`) without running
    ///   `body` when ``limit`` are already at work; otherwise what `body` throws.
    public func run<Result>(_ body: () async throws -> Result) async throws -> Result {
        try enter()
        defer { leave() }
        return try await body()
    }

    /// Counts one more at work, to be ended by exactly one ``leave()`` (for work that outlives the
    /// handler, such as an event stream).
    ///
    /// - Throws: ``APIError`` 429 `too_many_requests` when ``limit`` are already at work.
    public func enter() throws {
        let admitted = running.withLock { running in
            guard running < limit else { return false }
            running += 1
            return true
        }
        guard admitted else { throw refusal }
    }

    /// Ends one counted by ``enter()``.
    public func leave() {
        running.withLock { $0 = max(0, $0 - 1) }
    }

    /// The 429 a refused request gets.
    public var refusal: APIError {
        var error = APIError(
            .tooManyRequests,
            code: "too_many_requests",
            "the server is already handling \(limit) \(name), its limit; try again in \(retryAfterSeconds) second\(retryAfterSeconds == 1 ? "" : "s")"
        )
        error.headers[.retryAfter] = String(retryAfterSeconds)
        return error
    }
}
