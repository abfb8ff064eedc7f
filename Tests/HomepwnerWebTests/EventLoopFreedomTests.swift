import Foundation
import Homepwner
import Synchronization
import Testing
import WebTestSupport

@Suite("homepwner serve: heavy work leaves the event loops free", .timeLimit(.minutes(3)))
struct EventLoopFreedomTests {
    /// The slowest of small requests sent one after another while `work` runs.
    private func slowestProbe(port: Int, during work: @escaping @Sendable () async throws -> Void) async throws -> (slowest: TimeInterval, probes: Int) {
        let finished = Flag()
        let heavy = Task {
            defer { finished.set() }
            try await work()
        }
        var slowest: TimeInterval = 0
        var probes = 0
        // Probes start once the heavy request is under way, and stop when it is answered.
        try await Task.sleep(for: .milliseconds(100))
        while !finished.isSet || probes < 3 {
            let start = Date()
            let response = try await RawConnection.exchange(port: port, "GET /openapi.yaml HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(response.status == 200)
            slowest = max(slowest, Date().timeIntervalSince(start))
            probes += 1
        }
        try await heavy.value
        return (slowest, probes)
    }

    @Test("While the 10,000-item page renders, the list goes out as JSON or CSV, a 24 MB form is read or 4 million part-header lines are refused, small requests on new connections are answered at once")
    func smallRequestsStayFast() async throws {
        try await withTemporaryFolder { folder in
            let date = Date(timeIntervalSinceReferenceDate: 780_000_000)
            let items = (0..<10_000).map { index in
                Item(itemName: "Item number \(index) with a longer name", serialNumber: "SN\(index)", valueInDollars: index, dateCreated: date, itemKey: UUID().uuidString)
            }
            try ItemArchive(items: items).encoded().write(to: folder.appendingPathComponent("items.archive"))
            let server = try ServerProcess.start(dataDir: folder)
            defer { _ = server.stop() }
            let port = server.port

            let page = try await slowestProbe(port: port) {
                let response = try await RawConnection.exchange(port: port, "GET / HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\n\r\n", timeout: 60)
                #expect(response.status == 200)
                #expect(response.body.count > 5_000_000)
            }
            #expect(page.slowest < 0.25, "slowest of \(page.probes) probes: \(page.slowest) s")
            for path in ["/api/items", "/api/items.csv"] {
                let list = try await slowestProbe(port: port) {
                    let response = try await RawConnection.exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n", timeout: 60)
                    #expect(response.status == 200)
                    #expect(response.body.count > 500_000)
                }
                #expect(list.slowest < 0.1, "\(path): slowest of \(list.probes) probes: \(list.slowest) s")
            }

            // A photo form of `photoPart` (the part's headers and bytes), posted as the page does.
            let token = String(repeating: "7c", count: 32)
            let boundary = "b0und4ry"
            func photoForm(_ photoPart: Data) -> [UInt8] {
                var form = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"_formtoken\"\r\n\r\n\(token)\r\n".utf8)
                form += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"big.png\"\r\n".utf8) + photoPart
                form += Data("\r\n--\(boundary)--\r\n".utf8)
                let head = "POST /items/\(items[0].itemKey)/photo HTTP/1.1\r\nHost: localhost:\(port)\r\nCookie: homepwner_form_\(port)=\(token)\r\n"
                    + "Content-Type: multipart/form-data; boundary=\(boundary)\r\nContent-Length: \(form.count)\r\n\r\n"
                return Array(Data(head.utf8) + form)
            }
            // A 24 MB photo that is no image, and 24 MB of part-header lines (5 million of them held
            // a loop for 9 s), refused at once.
            let uploads = [
                (photoForm(Data("Content-Type: image/png\r\n\r\n".utf8) + Data(repeating: 0x2d, count: 24 << 20)), 422),
                (photoForm(Data(String(repeating: "X: y\r\n", count: 4_000_000).utf8) + Data("\r\nx".utf8)), 400),
            ]
            for (request, status) in uploads {
                let upload = try await slowestProbe(port: port) {
                    let connection = try RawConnection(port: port)
                    try connection.send(request)
                    #expect(try await connection.readResponse(timeout: 60).status == status)
                }
                #expect(upload.slowest < 0.25, "\(status): slowest of \(upload.probes) probes: \(upload.slowest) s")
            }
        }
    }
}

/// A flag set once, read from any task.
private final class Flag: Sendable {
    private let value = Mutex(false)

    var isSet: Bool { value.withLock { $0 } }

    func set() { value.withLock { $0 = true } }
}
