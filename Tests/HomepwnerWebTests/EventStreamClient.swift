import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import WebTestSupport

/// A raw HTTP/1.1 connection reading an endless `text/event-stream` as it arrives (URLSession on
/// Linux only hands over a body once it ends).
final class EventStreamClient {
    private let fd: Int32
    /// Everything read so far, headers included.
    private(set) var received = ""

    /// Connects to 127.0.0.1:`port` and asks for `/api/events` (with `Last-Event-ID` if given).
    init(port: Int, lastEventID: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0, "cannot connect: \(String(cString: strerror(errno)))")
        var request = "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n"
        if let lastEventID { request += "Last-Event-ID: \(lastEventID)\r\n" }
        request += "\r\n"
        let bytes = Array(request.utf8)
        let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        try #require(sent == bytes.count)
    }

    deinit {
        close(fd)
    }

    /// Reads until what was received contains `text`, the connection ends, or 30 s pass (a
    /// bound on a broken server, not a measurement); whether it arrived.
    func read(until text: String) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(text), Date() < deadline {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 500) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += String(decoding: buffer.prefix(count), as: UTF8.self)
        }
        return received.contains(text)
    }
}
