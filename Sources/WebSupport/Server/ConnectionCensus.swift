import NIOCore
import Synchronization

/// Counts a server's open connections, reads their clocks, and when they come near the number of
/// descriptors the process may open, closes idle ones — oldest first — so that a flood of silent
/// connections cannot keep out a request that means it.
///
/// Each event loop keeps its own connections in the order they opened, and sweeps them a few
/// times per shortest timeout (``ConnectionTimeouts/sweepInterval``) for clocks that ran out; a
/// connection that opens past the limit sheds idle connections of its own loop (with
/// connections spread over the loops, each loop sheds its share). A lock is taken only to find
/// the loop's list as a connection opens or closes, never per request.
public final class ConnectionCensus: Sendable {
    /// Connections open at once before idle ones are closed.
    public let limit: Int
    private let open = Atomic<Int>(0)
    private let loops = Mutex<[ObjectIdentifier: NIOLoopBound<LoopConnections>]>([:])

    /// A census that sheds beyond `limit` connections.
    public init(limit: Int) {
        self.limit = limit
    }

    /// Connections open now.
    public var count: Int { open.load(ordering: .relaxed) }

    /// Adds `connection` (on its event loop); sheds idle connections of that loop if there are
    /// now too many.
    func opened(_ connection: ConnectionGuardHandler, on loop: any EventLoop) {
        let total = open.add(1, ordering: .relaxed).newValue
        let list = connections(of: loop)
        list.append(connection)
        if total > limit {
            // Room for a few more, so that shedding is not done on every accept.
            list.shedIdle(count: total - limit + max(1, limit / 64), sparing: connection)
        }
    }

    /// Stops counting `connection` (closed, or being shed) and forgets it.
    func closed(_ connection: ConnectionGuardHandler, on loop: any EventLoop) {
        open.subtract(1, ordering: .relaxed)
        connections(of: loop).remove(connection)
    }

    private func connections(of loop: any EventLoop) -> LoopConnections {
        let key = ObjectIdentifier(loop)
        return loops.withLock { loops in
            if let list = loops[key] { return list }
            let list = NIOLoopBound(LoopConnections(loop: loop), eventLoop: loop)
            loops[key] = list
            return list
        }.value
    }
}

/// One event loop's connections, oldest first, as a linked list through the handlers, and the
/// sweep that reads their clocks while there are any.
final class LoopConnections {
    private let loop: any EventLoop
    private var oldest: ConnectionGuardHandler?
    private var newest: ConnectionGuardHandler?
    private var count = 0
    private var sweep: RepeatedTask?

    init(loop: any EventLoop) {
        self.loop = loop
    }

    func append(_ connection: ConnectionGuardHandler) {
        connection.older = newest
        connection.newer = nil
        newest?.newer = connection
        newest = connection
        if oldest == nil { oldest = connection }
        count += 1
        if sweep == nil {
            let interval = connection.sweepInterval
            // Held until the last connection of the loop leaves (the sweep is cancelled then).
            let list = NIOLoopBound(self, eventLoop: loop)
            sweep = loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
                list.value.checkClocks()
            }
        }
    }

    func remove(_ connection: ConnectionGuardHandler) {
        guard connection.older != nil || connection.newer != nil || oldest === connection else { return }
        if let older = connection.older { older.newer = connection.newer } else { oldest = connection.newer }
        if let newer = connection.newer { newer.older = connection.older } else { newest = connection.older }
        connection.older = nil
        connection.newer = nil
        count -= 1
        if count == 0 {
            sweep?.cancel()
            sweep = nil
        }
    }

    /// Closes every connection whose clock ran out.
    private func checkClocks() {
        let now = NIODeadline.now()
        var next = oldest
        while let connection = next {
            next = connection.newer
            connection.checkClock(now: now)
        }
    }

    /// Closes up to `count` idle connections, oldest first, but not `newcomer` (the one that
    /// just opened and has had no chance to speak).
    func shedIdle(count: Int, sparing newcomer: ConnectionGuardHandler) {
        var shed = 0
        var next = oldest
        while let connection = next, connection !== newcomer, shed < count {
            next = connection.newer
            if connection.shedIfIdle() { shed += 1 }
        }
    }
}
