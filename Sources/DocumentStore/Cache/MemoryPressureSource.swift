/// How hard the system is pressed for memory.
public enum MemoryPressureLevel: String, Sendable, Hashable {
    /// Some tasks are stalling on memory: let go of what can be rebuilt.
    case warning
    /// Every task is stalling, or the memory limit was hit: let go of everything.
    case critical
}

/// One report that memory is short.
public struct MemoryPressureEvent: Sendable, Hashable {
    /// How severe it is.
    public var level: MemoryPressureLevel
    /// What the source saw ("some avg10=23.5", "memory.events high 3 → 4", "manual").
    public var detail: String

    /// Creates an event.
    public init(level: MemoryPressureLevel, detail: String) {
        self.level = level
        self.detail = detail
    }
}

/// Something that reports memory pressure: the Linux kernel (``PressureStallMemorySource``,
/// ``CgroupMemoryEventsSource``), a person or a test (``ManualMemoryPressureSource``).
///
/// Injected into ``MemoryCache/watch(_:)`` and ``MemoryPressureMonitor`` so tests can drive them.
public protocol MemoryPressureSource: Sendable {
    /// A new stream of events; it ends when the caller stops iterating.
    func events() -> AsyncStream<MemoryPressureEvent>
}

/// The best kernel source this system offers: pressure-stall information when
/// `/proc/pressure/memory` is readable, else the cgroup v2 `memory.events` counters, else nil.
public func systemMemoryPressureSource() -> (any MemoryPressureSource)? {
    if PressureStallMemorySource.isAvailable() { return PressureStallMemorySource() }
    if CgroupMemoryEventsSource.isAvailable() { return CgroupMemoryEventsSource() }
    return nil
}
