import Foundation

extension PropertyList {
    /// The plist as raw-plist JSON, the form of the fixtures' `.expected.json` files.
    ///
    /// The form is lossless: ``init(json:limits:)`` gives back a plist equal to this one bit for
    /// bit. Dictionaries (keys sorted by UTF-16), arrays, strings, integers and booleans are
    /// themselves; reals always carry a `.` or an exponent and use the shortest text that reads
    /// back exactly (`-0.0` included). Other values are one-entry objects, the *markers*:
    ///
    /// - dates: `{"$date": "2001-01-01T00:00:00Z"}` when the date is a whole second of the years
    ///   1–9999 (and not -0), otherwise `{"$date": <seconds since 2001 as a real>}`, exact;
    /// - data: `{"$data": "<base64>"}`; UIDs: `{"$uid": N}`; sets: `{"$set": [ … ]}`;
    /// - 4-byte reals: `{"$float": <its exact value>}`;
    /// - reals JSON cannot hold: `{"$real": "nan" | "inf" | "-inf"}`, or `"0x…"` with the 16 hex
    ///   digits of a NaN's bit pattern other than the default NaN (`$float` likewise, 8 digits).
    ///
    /// **Escaping rule.** A plist dictionary with exactly one entry whose key starts with `$` (so
    /// it could be taken for a marker: `{"$date": …}`, `{"$uid": 3}`, `{"$dict": …}`) is written
    /// wrapped as `{"$dict": {"<key>": <value>}}`; the reader unwraps `$dict` without reading its
    /// object as a marker. Dictionaries with other keys or more entries are never wrapped. When
    /// reading, a one-entry object whose `$` key is no marker, or whose value is not of the
    /// marker's form (`{"$uid": "x"}`), is a plain dictionary, as files written before this rule
    /// hold them; so every JSON text reads as exactly one plist.
    public func jsonData(pretty: Bool = true) -> Data {
        var out = ByteOutput()
        JSONFormWriter(pretty: pretty).append(self, indent: 0, to: &out)
        out.append(0x0A)
        return out.takeData()
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
