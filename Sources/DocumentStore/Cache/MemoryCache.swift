import Foundation
import Logging

/// A memory cache for decoded blobs such as thumbnails, bounded by a byte budget.
///
/// Inserting past the budget evicts the least recently used entries; ``purge()`` drops
/// everything (what a memory-pressure event does, see ``watch(_:)``); every purge is logged with
/// what it freed. Costs are what the caller says an entry weighs — for `Data`, its byte count.
///
/// A value loaded while its source changes must not come back after the change: read a
/// ``Generation`` with ``generation(for:)`` before loading, and insert with it
/// (``insert(_:cost:for:generation:)``); ``invalidate(_:)`` or ``remove(_:)`` after the read makes
/// that insert a no-op. ``value(for:loading:)`` does all three.
public actor MemoryCache<Key: Hashable & Sendable, Value: Sendable> {
    /// The most bytes the cache holds.
    public let budget: Int
    private let logger: Logger
    private var entries: [Key: (value: Value, cost: Int)] = [:]
    private var order = LRUList<Key>()

    /// The bytes held now.
    public private(set) var totalCost = 0
    /// Entries dropped to make room since the cache was made.
    public private(set) var evictionCount = 0

    /// Invalidations so far; a ``Generation`` is this count when it was read.
    var invalidations: UInt64 = 0
    /// The count right after each key's last invalidation, for at most
    /// ``maxTrackedInvalidations`` keys.
    var invalidatedAt: [Key: UInt64] = [:]
    /// Tokens older than this are refused: set when `invalidatedAt` was cleared to stay bounded.
    var generationFloor: UInt64 = 0
    /// How many keys' invalidations are remembered before they are forgotten wholesale (older
    /// tokens are then all refused: a cache miss, never a stale value).
    static var maxTrackedInvalidations: Int { 65_536 }

    /// Creates an empty cache holding at most `budget` bytes.
    public init(budget: Int, logger: Logger = Logger(label: "DocumentStore.MemoryCache")) {
        self.budget = max(0, budget)
        self.logger = logger
    }

    /// The number of entries.
    public var count: Int { entries.count }

    /// The value for `key`, now the most recently used; nil if absent.
    public func value(for key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        order.touch(key)
        return entry.value
    }

    /// Stores `value` weighing `cost` bytes for `key`, evicting least recently used entries until
    /// it fits. A value heavier than the whole budget is not stored (and any old value for the
    /// key is removed).
    public func insert(_ value: Value, cost: Int, for key: Key) {
        removeEntry(key)
        let cost = max(0, cost)
        guard cost <= budget else { return }
        while totalCost + cost > budget, let victim = order.popOldest() {
            if let evicted = entries.removeValue(forKey: victim) {
                totalCost -= evicted.cost
                evictionCount += 1
            }
        }
        entries[key] = (value, cost)
        order.touch(key)
        totalCost += cost
    }

    /// Removes the entry for `key`, if any, and invalidates it: an insert with a ``Generation``
    /// read before this call is ignored (the same as ``invalidate(_:)``).
    public func remove(_ key: Key) {
        invalidate(key)
    }

    /// Removes the entry for `key` without invalidating loads in flight.
    func removeEntry(_ key: Key) {
        guard let old = entries.removeValue(forKey: key) else { return }
        order.remove(key)
        totalCost -= old.cost
    }

    /// What a purge freed.
    public struct PurgeReport: Sendable, Hashable {
        /// Entries dropped.
        public var entries: Int
        /// Bytes freed.
        public var bytes: Int
    }

    /// Drops every entry and logs what that freed.
    @discardableResult
    public func purge(reason: String = "requested") -> PurgeReport {
        let report = PurgeReport(entries: entries.count, bytes: totalCost)
        entries.removeAll()
        order.removeAll()
        totalCost = 0
        logger.notice("memory cache purged", metadata: [
            "reason": "\(reason)", "entries": "\(report.entries)", "bytes": "\(report.bytes)",
        ])
        return report
    }

    /// Purges the cache on every event from `source` until the task is cancelled or the source
    /// ends.
    public func watch(_ source: some MemoryPressureSource) async {
        for await event in source.events() {
            purge(reason: "memory pressure: \(event.detail)")
        }
    }
}

extension MemoryCache where Value == Data {
    /// Stores `data` for `key`, weighing its byte count.
    public func insert(_ data: Data, for key: Key) {
        insert(data, cost: data.count, for: key)
    }
}
