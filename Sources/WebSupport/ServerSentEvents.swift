import BackgroundWork
import HTTPTypes
import NIOCore
import OpenAPIRuntime
import ServiceLifecycle

/// A `text/event-stream` response body fed by a stream of events, shared by both apps' `/api/events`.
///
/// It starts with `retry: 2000` (how long a browser waits before reconnecting), then sends each
/// event as `encode` writes it, and a `: heartbeat` comment at every heartbeat interval of the
/// connection (``ServingConnection``; 15 s), so proxies keep an idle stream open. It ends when the server shuts down
/// gracefully, when `events` ends, the moment the client's connection closes (so its place among
/// the open streams comes back at once, changes or not), and when the client reads so slowly
/// that more than `buffer` encoded events wait for it (it reconnects with `Last-Event-ID` and
/// catches up) — so a slow client cannot make the server buffer without bound.
public enum ServerSentEvents {
    /// The `Last-Event-ID` request header, with which a browser reconnects after the last event
    /// it saw.
    public static let lastEventIDField: HTTPField.Name = {
        guard let name = HTTPField.Name("Last-Event-ID") else { preconditionFailure("Last-Event-ID is a valid field name") }
        return name
    }()

    /// The request's `Last-Event-ID` as the client sent it (`decoded`, the generated code's
    /// value, outside a request), at most 40 bytes.
    ///
    /// - Throws: ``APIError`` 400 for a longer one (no event ID is that long).
    public static func lastEventID(decoded: String?) throws -> String? {
        let value = RawRequestHeaders.value(lastEventIDField, decoded: decoded)
        try APIError.checkLength(value, of: "Last-Event-ID", max: 40)
        return value
    }
    /// The response body for `events`.
    public static func body<Event: Sendable>(
        of events: AsyncStream<Event>,
        buffer: Int = 64,
        encode: @escaping @Sendable (Event) -> String
    ) -> HTTPBody {
        let (stream, output) = AsyncStream<ArraySlice<UInt8>>.makeStream(bufferingPolicy: .bufferingOldest(max(1, buffer)))
        output.yield(ArraySlice("retry: 2000\n\n".utf8))
        let pump = Background.task {
            await withGracefulShutdownHandler {
                for await event in events {
                    if case .dropped = output.yield(ArraySlice(encode(event).utf8)) { break }
                }
            } onGracefulShutdown: {
                output.finish()
            }
            output.finish()
        }
        let connection = ServingConnection.current
        let heartbeat = connection.map { beat(every: $0.eventStreamHeartbeat, on: $0.channel.eventLoop, into: output) }
        output.onTermination = { _ in
            pump.cancel()
            heartbeat?.cancel()
        }
        connection?.channel.closeFuture.whenComplete { _ in output.finish() }
        return HTTPBody(stream, length: .unknown, iterationBehavior: .single)
    }

    /// Yields a comment line into `output` every `interval`, timed by the connection's event
    /// loop (no task waits for it, so it beats on time however busy Swift's executor is), until
    /// the returned task is cancelled or the stream ends.
    private static func beat(
        every interval: TimeAmount, on loop: any EventLoop, into output: AsyncStream<ArraySlice<UInt8>>.Continuation
    ) -> RepeatedTask {
        let line = ArraySlice(": heartbeat\n\n".utf8)
        let interval = TimeAmount.nanoseconds(max(1_000_000, interval.nanoseconds))
        return loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { task in
            if case .terminated = output.yield(line) { task.cancel() }
        }
    }
}
