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
    @Test("24 photo uploads that promise 1 MB and send a byte every 2 s hold every place at first, are closed once their average falls under 1 KiB/s after the grace (20 s here), and another client's upload goes through within 30 s of being refused", .timeLimit(.minutes(8)))
    func drippedUploadsAreClosed() async throws {
        // A grace of 20 s, not the servers' 10: under a full suite's load the server may read
        // the drippers' heads seconds apart, and the attack holds only while all of it does.
        // Timed under its own load only: no server hashing passwords beside it (MachineLoad).
        try await MachineLoad.alone {
            try await withApp(setup: .live, timeouts: ConnectionTimeouts(bodyGrace: .seconds(20))) { client, _ in
                let port = try #require(client.port)
                #expect(try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Pic"}"#)).status == .created)
                let png = try SamplePhotos.png()
                let attackStart = Date()
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
                func upload() async throws -> HTTPResponse.Status {
                    try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: body(png)).status
                }
                // The attack holds once the server has read the drippers' heads: every place is
                // taken by a dripping body, and another upload is refused. A loaded machine may read
                // the heads seconds late; the grace counts from each head as the server reads it, so
                // the refusal is looked for as long as the attack could take to hold. An upload that
                // goes through meanwhile found a place free (the heads not all read yet); once the
                // drippers are closed every upload goes through and the loop ends unrefused.
                var refused = false
                var answers: [String] = []
                while !refused, Date().timeIntervalSince(attackStart) < 60 {
                    let status = try await upload()
                    answers.append("\(String(format: "%.1f", Date().timeIntervalSince(attackStart))) s: \(status.code)")
                    refused = status == .tooManyRequests
                    if !refused { try await Task.sleep(for: .milliseconds(100)) }
                }
                #expect(refused, "the uploads' answers, by time since the attack began: \(answers.suffix(40))")
                // The places come free when the held bodies' grace ends (20 s after their heads, all
                // read before the refusal) and the next sweep closes them.
                let refusedAt = Date()
                var status = HTTPResponse.Status.tooManyRequests
                while status == .tooManyRequests, Date().timeIntervalSince(refusedAt) < 30 {
                    try await Task.sleep(for: .milliseconds(500))
                    status = try await upload()
                }
                #expect(status == .ok)
                // Every dripping connection was closed by the server, none answered with a photo saved.
                for connection in drippers {
                    #expect(await connection.waitForClose(within: 10) != nil)
                }
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
