import Foundation
import Synchronization

/// Wrong passwords slow their senders down, per account and per client address, in the
/// server's memory: after ``freeFailures`` wrong tries an account (or a client) waits 1 s, then
/// 2, 4, … up to ``maxWait`` before the next try is checked at all; a right password clears the
/// account's count. A try while waiting is refused without hashing anything, so a flood costs
/// no scrypt work. At most ``maxEntries`` names and addresses are remembered (the oldest
/// forgotten first).
final class SignInThrottle: Sendable {
    private struct Entry {
        var failures: Int
        var until: ContinuousClock.Instant
        var touched: ContinuousClock.Instant
    }

    /// Wrong tries allowed before any wait.
    static let freeFailures = 3
    /// The longest wait: 15 minutes.
    static let maxWait: Duration = .seconds(900)
    /// The most names and addresses remembered.
    static let maxEntries = 10_000

    private let entries = Mutex<[String: Entry]>([:])
    private let now: @Sendable () -> ContinuousClock.Instant

    /// A throttle that has seen nothing; `now` is the clock (tests move it).
    init(now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.now = now
    }

    /// Whole seconds until `keys` (an account's `name:…` and a client's `client:…`) may try again;
    /// nil when they may now.
    func wait(for keys: [String]) -> Int? {
        let time = now()
        let waits = entries.withLock { entries in keys.compactMap { key -> Duration? in
            guard let entry = entries[key], entry.until > time else { return nil }
            return time.duration(to: entry.until)
        } }
        guard let longest = waits.max() else { return nil }
        return max(1, Int((Double(longest.components.seconds) + Double(longest.components.attoseconds) / 1e18).rounded(.up)))
    }

    /// Counts a wrong try against each of `keys`.
    func failed(_ keys: [String]) {
        let time = now()
        entries.withLock { entries in
            if entries.count >= Self.maxEntries {
                for entry in entries.sorted(by: { $0.value.touched < $1.value.touched }).prefix(Self.maxEntries / 10) { entries[entry.key] = nil }
            }
            for key in keys {
                var entry = entries[key] ?? Entry(failures: 0, until: time, touched: time)
                entry.failures += 1
                entry.touched = time
                let over = entry.failures - Self.freeFailures
                if over > 0 {
                    let seconds = over >= 11 ? Self.maxWait : min(Self.maxWait, .seconds(1 << (over - 1)))
                    entry.until = time + seconds
                }
                entries[key] = entry
            }
        }
    }

    /// Clears `key`'s count (a right password).
    func succeeded(_ key: String) {
        _ = entries.withLock { $0.removeValue(forKey: key) }
    }
}
