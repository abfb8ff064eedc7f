import HTTPTypes
import Homepwner

/// The `text/event-stream` form of the inventory's changes.
///
/// Each change is one event: `id` (for `Last-Event-ID`), `event` (created, updated, photo,
/// deleted, or reset when changes were missed) and `data` (`{"itemKey": "…", "version": "…"}`,
/// `version` null once deleted).
enum ItemEvents {
    /// One event in the `text/event-stream` format.
    static func encode(_ event: ItemChangeFeed.Event, feed: ItemChangeFeed) -> String {
        switch event {
        case .reset:
            return "event: reset\ndata: {}\n\n"
        case .change(let change):
            let version = change.version.map { "\"\(jsonEscaped($0))\"" } ?? "null"
            return "id: \(feed.eventID(change))\nevent: \(change.kind.rawValue)\ndata: {\"itemKey\":\"\(jsonEscaped(change.itemKey))\",\"version\":\(version)}\n\n"
        }
    }

    /// `text` as the inside of a JSON string.
    static func jsonEscaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\u{2028}", "\u{2029}": escaped += "\\u" + String(scalar.value, radix: 16)
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
