import Foundation
import HTTPTypes
import HummingbirdTesting
import ImagingSamples
import Synchronization
import Testing
import TestSupport
import WebSupport
import WebTestSupport

@Suite("One client cannot hold the upload places by dripping bodies")
struct SlowUploadTests {
    @Test("24 photo uploads that promise 1 MB and send a byte every 2 s: 8 hold every place and the other 16 are refused at once with 429; the 8 are closed without an answer once their average falls under 1 KiB/s after the grace (20 s here), and then another client's upload goes through", .timeLimit(.minutes(8)))
    func drippedUploadsAreClosed() async throws {
        // A grace of 20 s, not the servers' 10: under a full suite's load the server may read
        // the drippers' heads seconds apart, and the attack holds only while all of it does.
        // Timed under its own load only: no server hashing passwords beside it (MachineLoad).
        try await MachineLoad.alone {
            let places = 8
            try await withApp(maxUploads: places, setup: .live, timeouts: ConnectionTimeouts(bodyGrace: .seconds(20))) { client, _ in
                let port = try #require(client.port)
                #expect(try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Pic"}"#)).status == .created)
                let png = try SamplePhotos.png()
                let drippers = try await (0..<24).asyncMap { _ in
                    let connection = try RawConnection(port: port)
                    try await connection.send("PUT /api/creatures/1/photo HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: image/png\r\nContent-Length: 1000000\r\n\r\n\u{89}")
                    return connection
                }
                let dripping = Task {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .seconds(2))
                        for connection in drippers { try? await connection.send("P") }
                    }
                }
                defer { dripping.cancel() }
                // What each dripper is answered, looked at on its own connection, so that no
                // guess of when the server read the heads enters the test: a dripper that took a
                // place is read until the server closes it after the grace, with no answer (nil);
                // every other one is refused before its body is read.
                let answers = await withTaskGroup(of: Int?.self) { group in
                    for connection in drippers {
                        group.addTask { try? await connection.readResponse(timeout: 120).status }
                    }
                    return await group.reduce(into: [Int?]()) { $0.append($1) }
                }
                #expect(answers.filter { $0 == 429 }.count == drippers.count - places)
                #expect(answers.filter { $0 == nil }.count == places)
                // Every dripping connection was closed by the server, none answered with a photo saved.
                for connection in drippers {
                    #expect(await connection.waitForClose(within: 10) != nil)
                }
                // The places come free as the closed uploads' handlers end.
                let closedAt = Date()
                var statuses: [Int] = []
                repeat {
                    if !statuses.isEmpty { try await Task.sleep(for: .milliseconds(500)) }
                    statuses.append(Int(try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: body(png)).status.code))
                } while statuses.last == 429 && Date().timeIntervalSince(closedAt) < 30
                #expect(statuses.last == 200, "the upload's answers once the drippers were closed: \(statuses)")
                #expect(try await client.execute(uri: "/api/creatures/1/photo", method: .get).body.readableBytes == png.count)
            }
        }
    }
}

extension Sequence {
    /// The results of `transform` on each element, one after another.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
