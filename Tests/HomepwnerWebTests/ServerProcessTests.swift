import Foundation
import Homepwner
import Testing
import TestSupport
import WebTestSupport

@Suite("homepwner serve as a real process", .serialized)
struct ServerProcessTests {
    @Test("serve prints the URL and folder; while it runs a CLI write fails at once with exit 75 naming it, reads work, a second server is refused")
    func holdsTheFolder() async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.homepwner(dataDir: folder)
            let path = folder.standardizedFileURL.path
            #expect(server.banner == "Homepwner is at http://127.0.0.1:\(server.port)/\ndata: \(path)\n")
            let (status, _, _) = try await server.request("POST", "api/items", body: Data(#"{"name":"Lamp"}"#.utf8), headers: ["Content-Type": "application/json"])
            #expect(status == 201)
            let pid = server.process.processIdentifier
            let add = try await runHomepwner(["add", "Desk", "--data-dir", folder.path])
            #expect(add.status == 75)
            #expect(add.errors == "homepwner: error: a homepwner server (pid \(pid)) is using \(path); make the change through it, or stop it first\n")
            let list = try await runHomepwner(["list", "--json", "--data-dir", folder.path])
            #expect(list.status == 0)
            #expect(list.output.contains("\"Lamp\""))
            let second = try await runHomepwner(["serve", "--port", "0", "--data-dir", folder.path])
            #expect(second.status == 75)
            #expect(second.errors == "homepwner: error: a homepwner server (pid \(pid)) is using \(path); make the change through it, or stop it first\n")
            let busy = try await runHomepwner(["serve", "--port", "\(server.port)", "--data-dir", folder.appendingPathComponent("other").path, "--create"])
            #expect(busy.status == 74)
            #expect(busy.errors == "homepwner: error: port \(server.port) on 127.0.0.1 is already in use (choose another with --port, or 0 for any free one)\n")
            let open = try await runHomepwner(["serve", "--host", "0.0.0.0", "--port", "0", "--data-dir", folder.appendingPathComponent("other").path, "--create"])
            #expect(open.status == 74)
            #expect(open.errors == ("homepwner: error: binding 0.0.0.0 would let other machines in, and no one has an account: add the first owner with homepwner users add NAME --role owner (then everyone signs in), give scripts an access token with --token, --token-file or HOMEPWNER_TOKEN, or bind 127.0.0.1\n"))
            #expect(server.stop() == 0)
            #expect(try await runHomepwner(["add", "Desk", "--data-dir", folder.path]).status == 0)
        }
    }

    @Test("SIGTERM during a storm of PATCHes: the server exits 0 and every acknowledged edit is on disk")
    func sigtermDuringWrites() async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.homepwner(dataDir: folder)
            var keys: [String] = []
            for index in 0..<8 {
                let (status, _, data) = try await server.request("POST", "api/items", body: Data(#"{"name":"Item \#(index)"}"#.utf8), headers: ["Content-Type": "application/json"])
                #expect(status == 201)
                keys.append(try #require(try jsonObject(data)["itemKey"] as? String))
            }
            // One writer per item, values 1, 2, 3, …: the last value acknowledged must be on disk
            // (or the one after it, applied just before the server stopped answering).
            let storm = Task {
                try await withThrowingTaskGroup(of: (String, Int).self) { group in
                    for key in keys {
                        group.addTask {
                            var acknowledged = 0
                            for value in 1...10_000 {
                                let body = Data(#"{"valueInDollars":\#(value)}"#.utf8)
                                guard let (status, _, _) = try? await server.request("PATCH", "api/items/\(key)", body: body, headers: ["Content-Type": "application/json"]),
                                      status == 200 else { break }
                                acknowledged = value
                            }
                            return (key, acknowledged)
                        }
                    }
                    return try await group.reduce(into: [String: Int]()) { $0[$1.0] = $1.1 }
                }
            }
            // Let some edits through before stopping.
            let deadline = Date().addingTimeInterval(120)  // a bound on a broken server, not a measurement
            while Date() < deadline {
                let stats = try? await server.request("GET", "api/stats")
                if let data = stats?.2, let count = try? jsonObject(data)["changeCount"] as? Int, count >= 8 + 40 { break }
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(server.stop() == 0)
            let acknowledged = try await storm.value
            let items = try await ItemStore.open(at: folder, readOnly: true).items()
            #expect(items.count == 8)
            for item in items {
                let last = try #require(acknowledged[item.itemKey])
                #expect(item.valueInDollars == last || item.valueInDollars == last + 1, "\(item.itemKey): on disk \(item.valueInDollars), acknowledged \(last)")
            }
            #expect(acknowledged.values.reduce(0, +) >= 40)
        }
    }

    @Test("a change reaches an open /api/events stream with its version; reconnecting with Last-Event-ID replays what was missed")
    func events() async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.homepwner(dataDir: folder)
            defer { _ = server.stop() }
            let stream = try EventStreamClient(port: server.port)
            #expect(stream.read(until: "retry: 2000\n\n"))
            #expect(stream.received.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(stream.received.lowercased().contains("content-type: text/event-stream"))
            let (_, _, created) = try await server.request("POST", "api/items", body: Data(#"{"name":"Lamp"}"#.utf8), headers: ["Content-Type": "application/json"])
            let item = try jsonObject(created)
            let key = try #require(item["itemKey"] as? String)
            let version = try #require(item["version"] as? String)
            #expect(stream.read(until: "event: created\ndata: {\"itemKey\":\"\(key)\",\"version\":\"\(version)\"}\n\n"))
            let (status, headers, _) = try await server.request("PATCH", "api/items/\(key)", body: Data(#"{"valueInDollars":9}"#.utf8), headers: ["Content-Type": "application/json"])
            #expect(status == 200)
            let newVersion = try #require(headers["etag"]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            #expect(stream.read(until: "event: updated\ndata: {\"itemKey\":\"\(key)\",\"version\":\"\(newVersion)\"}\n\n"))
            let createdID = try #require(stream.received.unicodeScalars.split(separator: "\n").map { String(String.UnicodeScalarView($0)) }.first { $0.hasPrefix("id: ") }).dropFirst(4)
            let replay = try EventStreamClient(port: server.port, lastEventID: String(createdID))
            #expect(replay.read(until: "event: updated\ndata: {\"itemKey\":\"\(key)\",\"version\":\"\(newVersion)\"}\n\n"))
            #expect(!replay.received.contains("event: created"))
        }
    }
}
