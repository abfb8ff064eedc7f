import Foundation

/// One change of an app's data as a `text/event-stream` event, written the same way for both
/// apps: `id` (for `Last-Event-ID`), `event` (the kind of change) and `data`, a JSON object of
/// the changed thing's key under the app's name for it and its `version` (`null` once deleted),
/// encoded by `JSONEncoder` — so no key or version, whatever it holds, can break out of its
/// string or its line.
public enum ChangeEvent {
    /// The event that tells a client it missed changes and must read everything again.
    public static let reset = "event: reset\ndata: {}\n\n"

    /// The event `kind` with `id`, whose data names `subject` under `subjectKey` and `version`.
    public static func encode<Subject: Encodable & Sendable>(id: String, kind: String, subjectKey: String, subject: Subject, version: String?) -> String {
        let data = (try? encoder.encode(Payload(subjectKey: subjectKey, subject: subject, version: version))) ?? Data("{}".utf8)
        return "id: \(id)\nevent: \(kind)\ndata: \(String(decoding: data, as: UTF8.self))\n\n"
    }

    /// The encoder of every event's data: sorted keys (the subject's key, then `version`), and
    /// `/` left as it is.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// An event's data: the subject under its key, and the version, `null` when there is none.
    private struct Payload<Subject: Encodable>: Encodable {
        let subjectKey: String
        let subject: Subject
        let version: String?

        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(subject, forKey: Key(stringValue: subjectKey))
            try container.encode(version, forKey: Key(stringValue: "version"))
        }
    }
}
