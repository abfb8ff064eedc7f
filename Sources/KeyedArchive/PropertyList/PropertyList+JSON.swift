import Foundation

extension PropertyList {
    /// The plist as raw-plist JSON, the form of the fixtures' `.expected.json` files.
    ///
    /// Dictionaries, arrays, strings, numbers and booleans are themselves; dates are
    /// `{"$date": "<ISO-8601 UTC>"}` (or seconds since 2001 as a number outside the years 1–9999), data `{"$data": "<base64>"}`, UIDs `{"$uid": N}`, sets
    /// arrays, and reals that JSON cannot hold `{"$real": "nan" | "inf" | "-inf"}`. Reals always
    /// carry a `.` or an exponent so they read back as reals. Keys are sorted.
    public func jsonData(pretty: Bool = true) -> Data {
        var out = ""
        JSONFormWriter(pretty: pretty).append(self, indent: 0, to: &out)
        out += "\n"
        return Data(out.utf8)
    }

    /// Reads raw-plist JSON (the form ``jsonData(pretty:)`` writes).
    ///
    /// - Throws: ``ArchiveError`` `.unknownFormat` naming the byte offset, or `.limitExceeded`.
    public init(json: Data, limits: ArchiveLimits = .default) throws {
        guard json.count <= limits.maxBytes else {
            throw ArchiveError(.limitExceeded, "JSON is \(json.count) bytes, more than the limit of \(limits.maxBytes)")
        }
        self = try json.withUnsafeBytes { raw in
            var parser = JSONFormParser(bytes: raw, limits: limits)
            return try parser.parseDocument()
        }
    }
}
