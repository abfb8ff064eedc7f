import Foundation

/// Opens more event streams than a server allows, from one client, notes which the server ended,
/// closes the rest, and opens one more.
public enum EventStreamFlood {
    /// What happened: how many streams were let in (200), how many refused (429), which the server
    /// ended while the others opened, and the status of the first new stream let in within a
    /// second of closing them all (the last refusal's status if none was).
    public struct Outcome: Sendable {
        /// Streams answered 200.
        public var opened: Int
        /// Streams answered 429.
        public var refused: Int
        /// The positions (in the order they opened, from 0) of the streams let in that the server
        /// had closed once all were opened.
        public var endedByServer: [Int]
        /// The new stream's status after all were closed.
        public var afterClosing: Int
    }

    /// Opens an event stream on a new connection; the connection and its status (the body left
    /// open).
    public static func open(port: Int) async throws -> (RawConnection, Int) {
        let connection = try RawConnection(port: port)
        try await connection.send("GET /api/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
        return (connection, try await connection.readResponse(bodyExpected: false).status)
    }

    /// Opens `count` streams, notes which of those let in the server has closed, closes the
    /// rest, then tries for a second to open one more.
    public static func run(port: Int, count: Int) async throws -> Outcome {
        var open: [RawConnection] = []
        var refused = 0
        for _ in 0..<count {
            let (connection, status) = try await Self.open(port: port)
            if status == 200 { open.append(connection) } else if status == 429 { refused += 1 }
        }
        let opened = open.count
        var endedByServer: [Int] = []
        for (position, connection) in open.enumerated() where await connection.waitForClose(within: 0.02) != nil {
            endedByServer.append(position)
        }
        for connection in open { connection.close() }
        let deadline = Date().addingTimeInterval(1)
        var status = 0
        repeat {
            let (connection, answer) = try await Self.open(port: port)
            status = answer
            connection.close()
        } while status != 200 && Date() < deadline
        return Outcome(opened: opened, refused: refused, endedByServer: endedByServer, afterClosing: status)
    }
}
