import HTTPTypes
import NIOCore
import Synchronization

/// Whole responses kept in memory for as long as the data they were made from has not changed:
/// each entry is tagged with the data's change generation when its request started, and is
/// served only while the generation is still that one. Bounded in bytes; the oldest entries go
/// first, and ``purge()`` drops everything (memory pressure).
public final class ResponseCache: Sendable {
    /// One kept response.
    struct Entry: Sendable {
        var generation: UInt64
        var headers: HTTPFields
        /// `headers` as they go out on the wire (``finishHeaders`` applied), made once.
        var finishedHeaders: HTTPFields
        /// The HTTP/1.1 status line and `finishedHeaders` as bytes, without the `Date` line and
        /// the blank line that end the head.
        var wireHead: ByteBuffer
        var body: ByteBuffer
        /// The entity tag, as sent (quoted), if the response had one.
        var eTag: String?
        /// Order of insertion, for eviction.
        var serial: UInt64
        /// The body in an in-memory file as well, for `sendfile`, when it is large.
        var file: KeptFile?

        /// The memory it holds: the body, and its file when it has one.
        var cost: Int { body.readableBytes + (file?.size ?? 0) }
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var serial: UInt64 = 0
        /// Requests waiting for the one that is making the response for a key.
        var flights: [String: [CheckedContinuation<Void, Never>]] = [:]
    }

    /// The most bytes of bodies kept.
    public let budget: Int
    /// The largest single body kept.
    public let largestEntry: Int
    /// Bodies of at least this many bytes are also kept in an in-memory file that connections
    /// send with `sendfile` (``CachedResponseChannelHandler``).
    public let fileThreshold: Int
    /// What is added to every response after the cache middleware (the router's outer middleware
    /// and the application: security headers, decoded entity tags, the server name); applied
    /// once per kept response for ``CachedResponseChannelHandler``, which bypasses them.
    public let finishHeaders: @Sendable (inout HTTPFields) -> Void
    private let state = Mutex(State())

    /// Creates an empty cache of at most `budget` bytes, keeping bodies up to `largestEntry`, and
    /// those of `fileThreshold` bytes or more in a file as well.
    public init(
        budget: Int = 16 << 20, largestEntry: Int = 2 << 20, fileThreshold: Int = 64 << 10,
        finishHeaders: @escaping @Sendable (inout HTTPFields) -> Void = { _ in }
    ) {
        self.budget = budget
        self.largestEntry = largestEntry
        self.fileThreshold = max(1, fileThreshold)
        self.finishHeaders = finishHeaders
    }

    /// The response kept for `key` if it was made at `generation`; an entry made at another
    /// generation is dropped.
    func entry(for key: String, generation: UInt64) -> Entry? {
        state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            guard entry.generation == generation else {
                state.entries[key] = nil
                state.bytes -= entry.cost
                return nil
            }
            return entry
        }
    }

    /// Keeps a response made at `generation`, evicting the oldest entries to stay in budget.
    func insert(key: String, generation: UInt64, headers: HTTPFields, body: ByteBuffer, eTag: String?) {
        let size = body.readableBytes
        guard size <= largestEntry, size <= budget else { return }
        let file = size >= fileThreshold ? KeptFile.make(body) : nil
        let cost = size + (file?.size ?? 0)
        guard cost <= budget else { return }
        var finished = headers
        finishHeaders(&finished)
        var wireHead = ByteBuffer(string: "HTTP/1.1 200 OK\r\n")
        for field in finished where field.name != .date {
            wireHead.writeString("\(field.name.rawName): \(field.value)\r\n")
        }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.cost }
            if state.bytes + cost > budget {
                let oldestFirst = state.entries.sorted { $0.value.serial < $1.value.serial }
                for (oldKey, old) in oldestFirst where state.bytes + cost > budget {
                    state.entries[oldKey] = nil
                    state.bytes -= old.cost
                }
            }
            state.serial += 1
            state.entries[key] = Entry(generation: generation, headers: headers, finishedHeaders: finished, wireHead: wireHead, body: body, eTag: eTag, serial: state.serial, file: file)
            state.bytes += cost
        }
    }

    /// Whether the caller should make the response for `key` (true), or — when another request
    /// is already making it — has waited for that one to finish (false; then look again).
    /// Many requests for one missing response (a list right after a change, 64 connections at
    /// once) thus make it once instead of 64 times. The maker must call ``land(_:)``.
    func takeOff(_ key: String) async -> Bool {
        let isMaker = state.withLock { state in
            guard state.flights[key] == nil else { return false }
            state.flights[key] = []
            return true
        }
        guard !isMaker else { return true }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let landed = state.withLock { state in
                guard state.flights[key] != nil else { return true }
                state.flights[key]?.append(continuation)
                return false
            }
            if landed { continuation.resume() }
        }
        return false
    }

    /// Ends the making of `key`'s response (kept or not) and wakes those waiting for it.
    func land(_ key: String) {
        let waiting = state.withLock { $0.flights.removeValue(forKey: key) } ?? []
        for continuation in waiting { continuation.resume() }
    }

    /// Drops every entry; returns how many there were and their bytes.
    @discardableResult
    public func purge() -> (entries: Int, bytes: Int) {
        state.withLock { state in
            let report = (state.entries.count, state.bytes)
            state.entries = [:]
            state.bytes = 0
            return report
        }
    }

    /// The entries and bytes held now.
    public var usage: (entries: Int, bytes: Int) {
        state.withLock { ($0.entries.count, $0.bytes) }
    }
}
