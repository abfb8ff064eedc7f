import BackgroundWork
import Foundation

/// Another server's changes, seen by listing: every ``interval`` one ListObjectsV2 pass over a
/// prefix (one request per 1,000 keys), compared by ETag with the pass before.
///
/// What it costs: `pollsPerMinute × ⌈keys ÷ 1,000⌉` LIST requests a minute per watching server
/// (``requestCount`` counts them). At one pass a second, 10,000 creatures are 600 requests a
/// minute. The interval bounds how late a change is seen: at most one interval plus one pass.
public actor BucketPoll {
    /// One difference between two passes.
    public struct Change: Sendable, Hashable {
        /// What happened to the key.
        public enum Kind: String, Sendable, Hashable {
            /// A key that was not there.
            case added
            /// A key whose ETag differs.
            case changed
            /// A key that is gone.
            case removed
        }

        /// What happened.
        public var kind: Kind
        /// The whole key.
        public var key: String
        /// Its ETag now (nil when removed).
        public var etag: String?
        /// When it was last written, as the listing says (nil when removed, or not said).
        public var lastModified: Date? = nil
    }

    /// What the watch reports, pass by pass.
    public enum Event: Sendable, Hashable {
        /// The differences a pass found (never empty).
        case changed([Change])
        /// A pass failed (the storage is unreachable or refuses); the next pass tries again.
        case failed(String)
    }

    /// The client whose bucket is listed.
    public nonisolated let client: S3Client
    /// The prefix listed.
    public nonisolated let prefix: String
    /// The time between passes.
    public nonisolated let interval: Duration
    /// The keys and ETags of the last pass.
    public private(set) var snapshot: [String: String]
    /// How many ListObjectsV2 requests the passes made.
    public private(set) var requestCount = 0
    /// How many ``events()`` streams are making passes now (tests wait for a stream's passes
    /// to stop by it).
    private(set) var watchesRunning = 0

    /// A watch of `prefix`; `baseline` is what the caller already knows (keys and ETags), so the
    /// first pass reports only what differs from it.
    public init(client: S3Client, prefix: String, interval: Duration = .seconds(1), baseline: [String: String] = [:]) {
        self.client = client
        self.prefix = prefix
        self.interval = interval
        self.snapshot = baseline
    }

    /// One pass now: the differences from the last pass, in key order (UTF-8 byte order).
    /// - Throws: ``S3Error`` when the listing fails; the snapshot then stays as it was.
    public func poll() async throws -> [Change] {
        var current: [String: String] = [:]
        var dates: [String: Date] = [:]
        var requests = 0
        defer { requestCount += requests }
        try await client.forEachPage(prefix: prefix) { page in
            requests += 1
            for object in page.objects {
                current[object.key] = object.etag
                dates[object.key] = object.lastModified
            }
        }
        var changes: [Change] = []
        for (key, etag) in current {
            switch snapshot[key] {
            case nil: changes.append(Change(kind: .added, key: key, etag: etag, lastModified: dates[key]))
            case let old? where old != etag: changes.append(Change(kind: .changed, key: key, etag: etag, lastModified: dates[key]))
            default: break
            }
        }
        for key in snapshot.keys where current[key] == nil {
            changes.append(Change(kind: .removed, key: key, etag: nil))
        }
        snapshot = current
        return changes.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
    }

    /// A pass every ``interval`` until the consumer stops listening: each pass that found
    /// something, and each that failed (the watch goes on after a failure).
    public nonisolated func events() -> AsyncStream<Event> {
        AsyncStream(bufferingPolicy: .bufferingNewest(64)) { continuation in
            let task = Background.task { [self] in
                await changeWatches(by: 1)
                while !Task.isCancelled {
                    do {
                        let changes = try await poll()
                        if !changes.isEmpty { continuation.yield(.changed(changes)) }
                    } catch is CancellationError {
                        break
                    } catch {
                        continuation.yield(.failed("\(error)"))
                    }
                    do { try await Task.sleep(for: interval) } catch { break }
                }
                await changeWatches(by: -1)
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Counts a stream's passes beginning (1) or ending (-1).
    private func changeWatches(by change: Int) {
        watchesRunning += change
    }
}
