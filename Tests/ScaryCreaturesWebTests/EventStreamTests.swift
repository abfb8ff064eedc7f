import Foundation
@testable import ScaryCreatures
@testable import ScaryCreaturesWeb
import Testing
import WebTestSupport

@Suite("The event stream's format")
struct EventStreamTests {
    @Test("a change is one event with an id to resume from, its kind, and the creature's id and version as JSON")
    func changeEvent() async throws {
        let changes = CreatureChanges()
        let stream = await changes.subscribe(after: nil)
        await changes.publish(.updated, subject: 7, state: CreatureState(version: "00ff", attachments: ""))
        await changes.publish(.deleted, subject: 7, state: nil)
        var encoded: [String] = []
        for await event in stream {
            encoded.append(EventStream.encode(event, changes: changes))
            if encoded.count == 2 { break }
        }
        #expect(encoded == [
            "id: \(changes.runID)-1\nevent: updated\ndata: {\"id\":7,\"version\":\"00ff\"}\n\n",
            "id: \(changes.runID)-2\nevent: deleted\ndata: {\"id\":7,\"version\":null}\n\n",
        ])
        #expect(EventStream.encode(.reset, changes: changes) == "event: reset\ndata: {}\n\n")
    }
}
