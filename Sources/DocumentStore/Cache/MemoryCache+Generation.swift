import Foundation

extension MemoryCache {
    /// A token for one key, read before loading its value: an insert with it is ignored once the
    /// key was invalidated (or removed) after the token was read, so a slow load can never bring
    /// back a value older than the change that invalidated it.
    public struct Generation: Sendable, Hashable {
        let value: UInt64
    }

    /// The current generation of `key`: read it before loading the value to insert.
    public func generation(for key: Key) -> Generation {
        Generation(value: invalidations)
    }

    /// Whether a value loaded under `generation` may still be stored for `key`.
    public func isCurrent(_ generation: Generation, for key: Key) -> Bool {
        generation.value >= generationFloor && generation.value >= (invalidatedAt[key] ?? 0)
    }

    /// Removes the entry for `key` and makes every generation read before this call stale.
    ///
    /// Call it after the source of the value changed (a new photo, a deleted document, an id
    /// reused): a load that began before cannot insert the old value afterwards.
    public func invalidate(_ key: Key) {
        removeEntry(key)
        invalidations += 1
        if invalidatedAt.count >= Self.maxTrackedInvalidations, invalidatedAt[key] == nil {
            invalidatedAt.removeAll(keepingCapacity: true)
            generationFloor = invalidations
        }
        invalidatedAt[key] = invalidations
    }

    /// Stores `value` for `key` as ``insert(_:cost:for:)`` does, unless `key` was invalidated
    /// since `generation` was read.
    ///
    /// - Returns: whether the value was stored (false: stale, or heavier than the budget).
    @discardableResult
    public func insert(_ value: Value, cost: Int, for key: Key, generation: Generation) -> Bool {
        guard isCurrent(generation, for: key) else { return false }
        insert(value, cost: cost, for: key)
        return max(0, cost) <= budget
    }

    /// The value for `key`, loaded with `load` and cached when absent.
    ///
    /// The generation is read before `load` runs; if `key` is invalidated while `load` runs,
    /// the loaded value is returned to this caller but not cached.
    /// - Throws: what `load` throws (nothing is cached then).
    public func value(for key: Key, loading load: @Sendable () async throws -> (value: Value, cost: Int)) async throws -> Value {
        if let cached = value(for: key) { return cached }
        let generation = generation(for: key)
        let loaded = try await load()
        insert(loaded.value, cost: loaded.cost, for: key, generation: generation)
        return loaded.value
    }
}

extension MemoryCache where Value == Data {
    /// Stores `data` for `key`, weighing its byte count, unless `key` was invalidated since
    /// `generation` was read.
    ///
    /// - Returns: whether it was stored.
    @discardableResult
    public func insert(_ data: Data, for key: Key, generation: Generation) -> Bool {
        insert(data, cost: data.count, for: key, generation: generation)
    }
}
