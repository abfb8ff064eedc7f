import Foundation

/// One `Range: bytes=…` request (RFC 9110 §14.1.2) against a body of known length.
public enum ByteRange {
    /// The byte range a `GET` asks for with its `Range` and `If-Range` headers within the
    /// `length` bytes of the representation tagged `eTag`; nil to send the whole of it: without
    /// `Range`, for a `Range` this server does not understand, and when `If-Range` does not
    /// match `eTag` (``EntityTag/ifRangeMatches(_:_:)``: the client's copy is stale, so a part
    /// of the new one would corrupt it).
    ///
    /// - Throws: ``APIError`` 416 when the range lies outside the body or is empty.
    public static func requested(range: String?, ifRange: String?, eTag: String, length: Int) throws -> Range<Int>? {
        guard let range, EntityTag.ifRangeMatches(ifRange, eTag) else { return nil }
        return try parse(range, length: length)
    }

    /// The byte range `header` asks for within `length` bytes; nil when the header is not a
    /// single byte range this server understands (the whole body is then sent, as RFC 9110 lets
    /// a server do).
    ///
    /// - Throws: ``APIError`` 416 when the range lies outside the body or is empty
    ///   (`bytes=-0`).
    public static func parse(_ header: String, length: Int) throws -> Range<Int>? {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let spec = header.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard spec.count == 2 else { return nil }
        let first = spec[0].trimmingCharacters(in: .whitespaces), last = spec[1].trimmingCharacters(in: .whitespaces)
        let range: Range<Int>
        if first.isEmpty {
            guard let suffix = Int(last), suffix >= 0 else { return nil }
            // `bytes=-0` asks for the last zero bytes: nothing, so it cannot be satisfied.
            range = max(0, length - suffix)..<length
        } else {
            guard let start = Int(first), start >= 0 else { return nil }
            let end = last.isEmpty ? length - 1 : (Int(last) ?? -1)
            guard end >= start || last.isEmpty else { return nil }
            range = start..<min(end, length - 1) + 1
        }
        guard !range.isEmpty, range.lowerBound < length else {
            throw APIError(.rangeNotSatisfiable, code: "range_not_satisfiable", "the body has \(length) bytes; \(header.prefix(80)) is outside it")
        }
        return range
    }
}
