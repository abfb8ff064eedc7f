import NIOCore
import Synchronization

/// The event streams open on a server, each with its place and its connection: a new stream
/// that finds every place taken ends the oldest (``WorkLimitMiddleware``).
final class OpenStreams: Sendable {
    private struct Entry {
        var place: Place
        var channel: any Channel
    }

    private struct State {
        /// Streams by serial number; serials grow, so the smallest is the oldest.
        var entries: [UInt64: Entry] = [:]
        var next: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Adds a stream holding `place` on `channel`; its serial number, for ``remove(_:)``.
    func add(_ place: Place, channel: any Channel) -> UInt64 {
        state.withLock { state in
            let serial = state.next
            state.next += 1
            state.entries[serial] = Entry(place: place, channel: channel)
            return serial
        }
    }

    /// Forgets the stream `serial` (it ended).
    func remove(_ serial: UInt64) {
        _ = state.withLock { $0.entries.removeValue(forKey: serial) }
    }

    /// Takes out the oldest stream listed: its place and connection; nil when none is. A scan
    /// of the open streams (at most the server's limit on them), made only when every place is
    /// taken.
    func removeOldest() -> (Place, any Channel)? {
        state.withLock { state in
            guard let oldest = state.entries.keys.min(), let entry = state.entries.removeValue(forKey: oldest) else { return nil }
            return (entry.place, entry.channel)
        }
    }
}
