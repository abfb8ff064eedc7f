import Foundation

/// One `Range: bytes=…` request (RFC 9110 §14.1.2) against a body of known length.
public enum ByteRange {
    /// The byte range `header` asks for within `length` bytes; nil when the header is not a
    /// single byte range this server understands (the whole body is then sent, as RFC 9110 lets
    /// a server do).
    ///
    /// - Throws: ``APIError`` 416 when the range lies outside the body.
    public static func parse(_ header: String, length: Int) throws -> Range<Int>? {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let spec = header.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard spec.count == 2 else { return nil }
        let first = spec[0].trimmingCharacters(in: .whitespaces), last = spec[1].trimmingCharacters(in: .whitespaces)
        let range: Range<Int>
        if first.isEmpty {
            guard let suffix = Int(last), suffix > 0 else { return nil }
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
