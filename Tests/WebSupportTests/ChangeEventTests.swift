import DocumentStore
import Foundation
import Testing
import WebSupport

/// Both apps' change events are written by one encoder: whatever a key or a version holds, it
/// stays inside its JSON string and on its one `data:` line.
@Suite("Change events in the event stream")
struct ChangeEventTests {
    @Test("an event is id, event and one data line of JSON: the subject under the app's key, then the version (null once deleted)")
    func shape() {
        #expect(ChangeEvent.encode(id: "run-1", kind: "updated", subjectKey: "id", subject: 7, version: "00ff") == "id: run-1\nevent: updated\ndata: {\"id\":7,\"version\":\"00ff\"}\n\n")
        #expect(ChangeEvent.encode(id: "run-2", kind: "deleted", subjectKey: "itemKey", subject: "K/1", version: nil) == "id: run-2\nevent: deleted\ndata: {\"itemKey\":\"K/1\",\"version\":null}\n\n")
        #expect(ChangeEvent.reset == "event: reset\ndata: {}\n\n")
    }

    @Test("a key holding quotes, backslashes, line breaks, control characters and U+2028 stays one data line and decodes to the same scalars")
    func hostileKey() throws {
        let key = "a\"b\\c\nevent: forged\r\ndata: {}\u{1}\u{2028}\u{301}é"
        let event = ChangeEvent.encode(id: "run-3", kind: "created", subjectKey: "itemKey", subject: key, version: "v\n2")
        let lines = event.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5)
        #expect(lines[0] == "id: run-3" && lines[1] == "event: created" && lines[3] == "" && lines[4] == "")
        #expect(!lines[2].contains("\r"))
        let json = try #require(lines[2].hasPrefix("data: ") ? Data(lines[2].dropFirst(6).utf8) : nil)
        let decoded = try JSONDecoder().decode([String: String].self, from: json)
        #expect(decoded["itemKey"].map { Array($0.unicodeScalars) } == Array(key.unicodeScalars))
        #expect(decoded["version"] == "v\n2")
    }

    @Test("a feed's change is one event with its id to resume from, its kind, and the subject under the app's key with its version; a reset says to reload")
    func feedEvents() async {
        let creatures = ChangeFeed<Int>()
        let stream = await creatures.subscribe(after: nil)
        await creatures.publish(.updated, subject: 7, version: "00ff")
        await creatures.publish(.deleted, subject: 7, version: nil)
        var encoded: [String] = []
        for await event in stream {
            encoded.append(ChangeEvent.encode(event, of: creatures, subjectKey: "id"))
            if encoded.count == 2 { break }
        }
        #expect(encoded == [
            "id: \(creatures.runID)-1\nevent: updated\ndata: {\"id\":7,\"version\":\"00ff\"}\n\n",
            "id: \(creatures.runID)-2\nevent: deleted\ndata: {\"id\":7,\"version\":null}\n\n",
        ])
        let items = ChangeFeed<String>()
        let itemStream = await items.subscribe(after: nil)
        await items.publish(.photo, subject: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0", version: "00ff00ff00ff00ff")
        for await event in itemStream {
            #expect(ChangeEvent.encode(event, of: items, subjectKey: "itemKey") == "id: \(items.runID)-1\nevent: photo\ndata: {\"itemKey\":\"0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0\",\"version\":\"00ff00ff00ff00ff\"}\n\n")
            break
        }
        #expect(ChangeEvent.encode(.reset, of: items, subjectKey: "itemKey") == "event: reset\ndata: {}\n\n")
    }
}
