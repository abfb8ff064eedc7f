import Homepwner
import WebSupport

/// The `text/event-stream` form of the inventory's changes.
///
/// Each change is one event: `id` (for `Last-Event-ID`), `event` (created, updated, photo,
/// deleted, or reset when changes were missed) and `data` (`{"itemKey": "…", "version": "…"}`,
/// `version` null once deleted).
enum ItemEvents {
    /// One event in the `text/event-stream` format (``WebSupport/ChangeEvent``).
    static func encode(_ event: ItemChangeFeed.Event, feed: ItemChangeFeed) -> String {
        switch event {
        case .reset:
            ChangeEvent.reset
        case .change(let change):
            ChangeEvent.encode(id: feed.eventID(change), kind: change.kind.rawValue, subjectKey: "itemKey", subject: change.itemKey, version: change.version)
        }
    }
}
