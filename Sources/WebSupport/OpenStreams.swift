import NIOCore
import Synchronization

/// The event streams open on a server, oldest first, each with its place and its connection: a
/// new stream that finds every place taken ends the oldest (``WorkLimitMiddleware``).
final class OpenStreams: Sendable {
    private struct Entry {
        var place: Place
        var channel: any Channel
    }

    private struct State {
        /// Streams by serial number; serials grow, so the smallest is the oldest.
        var entries: [UInt64: Entry] = [:]
        /// Serials in the order the streams opened (some may have been removed since).
        var order: [UInt64] = []
        var head = 0
        var next: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Adds a stream holding `place` on `channel`; its serial number, for ``remove(_:)``.
    func add(_ place: Place, channel: any Channel) -> UInt64 {
        state.withLock { state in
            let serial = state.next
            state.next += 1
            state.entries[serial] = Entry(place: place, channel: channel)
            state.order.append(serial)
            return serial
        }
    }

    /// Forgets the stream `serial` (it ended).
    func remove(_ serial: UInt64) {
        state.withLock { state in
            state.entries[serial] = nil
            Self.compact(&state)
        }
    }

    /// Takes out the oldest stream still listed: its place and connection; nil when none is.
    func removeOldest() -> (Place, any Channel)? {
        state.withLock { state in
            while state.head < state.order.count {
                let serial = state.order[state.head]
                state.head += 1
                if let entry = state.entries.removeValue(forKey: serial) {
                    Self.compact(&state)
                    return (entry.place, entry.channel)
                }
            }
            return nil
        }
    }

    /// How many streams are listed.
    var count: Int { state.withLock { $0.entries.count } }

    /// Drops serials of streams that ended from the order, so it stays about as long as the
    /// streams open (amortised: a rebuild happens once as many serials have ended as are open).
    private static func compact(_ state: inout State) {
        while state.head < state.order.count, state.entries[state.order[state.head]] == nil { state.head += 1 }
        if state.order.count - state.head > 2 * state.entries.count + 64 || state.head > 64 {
            let entries = state.entries
            state.order = state.order[state.head...].filter { entries[$0] != nil }
            state.head = 0
        }
    }
}
