import DocumentStore
import OpenAPIRuntime

extension ServerSentEvents {
    /// The `text/event-stream` body of `feed`'s changes for a client that last saw
    /// `lastEventID` (nil: only what happens from now on), each change one event whose data
    /// names its subject under `subjectKey` (``ChangeEvent/encode(_:of:subjectKey:)``): both
    /// apps' `/api/events`.
    public static func body<Subject: Encodable & Sendable & Hashable>(
        of feed: ChangeFeed<Subject>, after lastEventID: String?, subjectKey: String
    ) async -> HTTPBody {
        let events = await feed.subscribe(after: lastEventID)
        return body(of: events) { ChangeEvent.encode($0, of: feed, subjectKey: subjectKey) }
    }
}

extension ChangeEvent {
    /// `event` of `feed` as it goes on the stream: a reset as ``reset``; a change with its event
    /// ID (for `Last-Event-ID`), its kind, and its subject under `subjectKey` with its version.
    public static func encode<Subject: Encodable & Sendable & Hashable>(
        _ event: ChangeFeed<Subject>.Event, of feed: ChangeFeed<Subject>, subjectKey: String
    ) -> String {
        switch event {
        case .reset:
            reset
        case .change(let change):
            encode(id: feed.eventID(change), kind: change.kind.rawValue, subjectKey: subjectKey, subject: change.subject, version: change.version)
        }
    }
}
