import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to a server on this machine, for what an HTTP client library would not
/// send: a foreign `Host`, no `Host`, half a head, a lying chunked body, silence.
///
/// Its waits run on a thread of their own, never on Swift's cooperative pool, where the
/// server's handlers run in the same test process.
public final class RawConnection: @unchecked Sendable {
    private var fd: Int32
    private var buffered: [UInt8] = []
    private var isClosed = false

    /// Connects to `host`:`port` (IPv4 loopback by default).
    public init(port: Int, host: String = "127.0.0.1") throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawConnectionError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw RawConnectionError("connect: \(reason)")
        }
    }

    deinit {
        close()
    }

    /// Closes the connection from this side.
    public func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }

    /// Waits up to `timeout` seconds until what arrived (after any response already read)
    /// contains `text`; whether it did.
    public func read(until text: String, timeout: TimeInterval = 10) async -> Bool {
        let wanted = Array(text.utf8)
        return (try? await Self.onOwnThread {
            let deadline = Date().addingTimeInterval(timeout)
            while self.firstIndex(of: wanted) == nil {
                guard Date() < deadline, self.fill(timeout: 0.2) else { return self.firstIndex(of: wanted) != nil }
            }
            return true
        }) ?? false
    }

    /// Sends `text` as UTF-8.
    public func send(_ text: String) async throws {
        try await send(Array(text.utf8))
    }

    /// Sends `bytes`: a large body from a thread of its own, since `send` waits while the
    /// server does not read (a server in this process may need the cooperative pool to read).
    public func send(_ bytes: [UInt8]) async throws {
        if bytes.count <= 64 << 10 { return try blockingSend(bytes) }
        try await Self.onOwnThread { try self.blockingSend(bytes) }
    }

    private func blockingSend(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw RawConnectionError("send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// Reads what arrives within `timeout` seconds (at most 64 KiB at a time); false when the
    /// server closed the connection (or reset it).
    private func fill(timeout: TimeInterval) -> Bool {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, Int32(max(0, timeout * 1000))) > 0 else { return true }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else {
            isClosed = true
            return false
        }
        buffered += chunk.prefix(count)
        return true
    }

    /// Waits up to `timeout` seconds for the server to close the connection; how long it took,
    /// or nil if it is still open. Anything that arrives meanwhile is kept for reading.
    public func waitForClose(within timeout: TimeInterval) async -> TimeInterval? {
        (try? await Self.onOwnThread { self.blockingWaitForClose(within: timeout) }) ?? nil
    }

    private func blockingWaitForClose(within timeout: TimeInterval) -> TimeInterval? {
        let start = Date()
        while !isClosed {
            let left = timeout - Date().timeIntervalSince(start)
            guard left > 0 else { return nil }
            _ = fill(timeout: min(left, 0.2))
        }
        return Date().timeIntervalSince(start)
    }

    /// Reads one response (head, and a body by `Content-Length`, or up to the close), waiting at
    /// most `timeout` seconds for it.
    public func readResponse(timeout: TimeInterval = 10, bodyExpected: Bool = true) async throws -> RawResponse {
        try await Self.onOwnThread { try self.blockingReadResponse(timeout: timeout, bodyExpected: bodyExpected) }
    }

    private func blockingReadResponse(timeout: TimeInterval, bodyExpected: Bool) throws -> RawResponse {
        let deadline = Date().addingTimeInterval(timeout)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            headEnd = firstIndex(of: separator)
            if headEnd != nil { break }
            guard Date() < deadline else { throw RawConnectionError("no response head within \(timeout) s (got \(buffered.count) bytes)") }
            if !fill(timeout: 0.2), firstIndex(of: separator) == nil {
                throw RawConnectionError("the connection closed before a response (got \(String(decoding: buffered, as: UTF8.self)))")
            }
        }
        let end = headEnd! + separator.count
        let head = String(decoding: buffered[..<headEnd!], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        var setCookies: [String] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased(), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = value
            if name == "set-cookie" { setCookies.append(value) }
        }
        buffered.removeFirst(end)
        var body: [UInt8] = []
        if bodyExpected, let length = headers["content-length"].flatMap({ Int($0) }) {
            while buffered.count < length {
                guard Date() < deadline else { throw RawConnectionError("the body did not arrive within \(timeout) s") }
                if !fill(timeout: 0.2) { break }
            }
            body = Array(buffered.prefix(length))
            buffered.removeFirst(body.count)
        }
        return RawResponse(status: status, headers: headers, body: body, setCookies: setCookies)
    }

    private func firstIndex(of pattern: [UInt8]) -> Int? {
        guard buffered.count >= pattern.count else { return nil }
        for start in 0...(buffered.count - pattern.count) where buffered[start] == pattern[0] {
            if Array(buffered[start..<start + pattern.count]) == pattern { return start }
        }
        return nil
    }

    /// Sends `request` on a new connection and reads its response, waiting up to `timeout`
    /// seconds (30: at the start of a whole suite on two cores an in-process server can be slow
    /// for many seconds; a server that never answers still fails).
    public static func exchange(port: Int, _ request: String, timeout: TimeInterval = 30) async throws -> RawResponse {
        let connection = try RawConnection(port: port)
        try await connection.send(request)
        return try await connection.readResponse(timeout: timeout, bodyExpected: !request.hasPrefix("HEAD "))
    }

    /// Opens `count` connections that say nothing (on a thread of its own: connecting may wait
    /// while the server's accept queue is full).
    public static func openSilent(port: Int, count: Int) async throws -> [RawConnection] {
        try await onOwnThread { try (0..<count).map { _ in try RawConnection(port: port) } }
    }

    /// Runs `body` on a new thread and waits for it without holding a cooperative thread.
    static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try body() })
            }
            thread.start()
        }
    }
}

/// A response read off a ``RawConnection``.
public struct RawResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The headers, by lowercased name (the last of repeated ones).
    public var headers: [String: String]
    /// The body.
    public var body: [UInt8]
    /// Every `Set-Cookie` header, in order (``headers`` holds only the last).
    public var setCookies: [String] = []

    /// The body as text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The `code` of a JSON error body (`{"error":{"code":…}}`).
    public var errorCode: String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return nil }
        return (object["error"] as? [String: Any])?["code"] as? String
    }
}

/// Why a raw exchange failed.
public struct RawConnectionError: Error, CustomStringConvertible {
    /// What happened.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
