import Foundation
import Testing
#if canImport(Glibc)
import Glibc
import TestSupport
#endif

/// A raw HTTP/1.1 connection to the server, read a piece at a time: an event stream never ends,
/// so it is read until what is wanted arrives or the time runs out.
private final class RawConnection {
    let socket: Int32
    private(set) var received = ""

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard socket >= 0, connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(socket) }

    func send(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(socket, &bytes, bytes.count)
    }

    /// Reads until `received` contains `wanted` or `seconds` pass; whether it arrived.
    func read(until wanted: String, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(wanted) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000)) > 0 else { return false }
            let count = Glibc.read(socket, &buffer, buffer.count)
            guard count > 0 else { return received.contains(wanted) }
            received += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return true
    }
}

@Suite("Live events over HTTP from a real server process", .timeLimit(.minutes(4)))
struct EventsOverHTTPTests {
    @Test("A change the CLI makes in another process reaches an open /api/events stream")
    func cliChangeReachesStream() async throws {
        try await withTemporaryFolder { folder in
            let added = try await runCLI(["add", "Gloomcap", "--rating", "2"], dataDir: folder)
            #expect(added.status == 0)
            let server = try await ServedProcess.scaryCreatures(dataDir: folder, extra: ["--log-level", "debug"])
            defer { server.process.terminate(); server.process.waitUntilExit() }
            let port = try #require(server.url.port)
            let stream = try RawConnection(port: port)
            stream.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            #expect(stream.read(until: "retry: 2000", seconds: 10))
            #expect(stream.received.hasPrefix("HTTP/1.1 200"))
            #expect(stream.received.lowercased().contains("content-type: text/event-stream"))
            // The server's folder watch comes up beside the listener: wait until it says so.
            #expect(await server.child.waitForErrorOutput("the folder watch sees every creature folder", timeout: 10))
            let rated = try await runCLI(["rate", "1", "4.5"], dataDir: folder)
            #expect(rated.status == 0)
            #expect(stream.read(until: "event: updated\ndata: {\"id\":1,", seconds: 5))
            let (status, _, body) = try await server.request("GET", "api/creatures/1")
            #expect(status == 200)
            let creature = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            #expect(creature["rating"] as? Double == 4.5)
            let version = try #require(creature["version"] as? String)
            #expect(stream.received.contains("\"version\":\"\(version)\"}"))
        }
    }

    @Test("on a bucket, a change the CLI makes reaches a server's open /api/events stream within seconds: the CLI's change journal tells it, long before the server's next full listing", arguments: StorageKind.buckets)
    func cliChangeOnABucketReachesStream(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let added = try await runBuilt("scary-creatures", ["add", "Gloomcap", "--rating", "2"] + place.arguments, environment: place.environment)
            #expect(added.status == 0)
            let server = try await ServedProcess.start(
                "scary-creatures", ["serve", "--port", "0", "--log-level", "error"] + place.arguments, timeout: 60, environment: place.environment
            )
            defer { server.process.terminate(); server.process.waitUntilExit() }
            let port = try #require(server.url.port)
            try await waitUntil(limit: .seconds(60)) { (try? await server.request("GET", "readyz"))?.0 == 200 }
            let stream = try RawConnection(port: port)
            stream.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            #expect(stream.read(until: "retry: 2000", seconds: 10))
            // The watch's first listing waits a second after the start: past it, only the
            // journals can tell the change before the next listing, a minute later.
            try await Task.sleep(for: .seconds(3))
            let rated = try await runBuilt("scary-creatures", ["rate", "1", "4.5"] + place.arguments, environment: place.environment)
            #expect(rated.status == 0)
            // Within a second or two when the store answers at once; 15 s leaves room for a
            // store slowed by a loaded machine and is still far before the next full listing.
            #expect(stream.read(until: "event: updated\ndata: {\"id\":1,", seconds: 15))
            // Each command's journal was closed as it ended: servers read it once, then no more.
            let journals = try await place.journals()
            #expect(journals.count == 2)
            let closed = journals.filter(\.closed).count
            #expect(closed == 2)
        }
    }
}
