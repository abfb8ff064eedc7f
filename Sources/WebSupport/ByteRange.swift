import Foundation

/// One `Range: bytes=…` request (RFC 9110 §14.1.2) against a body of known length.
///
/// Every number in the header is read digit by digit with overflow checked, and no range is
/// built before both of its bounds are known to lie within the body: whatever a client sends,
/// the answer is a range within `0..<length`, the whole body, or a 416 — never a trap.
public enum ByteRange {
    /// The byte range a `GET` asks for with its `Range` and `If-Range` headers within the
    /// `length` bytes of the representation tagged `eTag`; nil to send the whole of it: without
    /// `Range`, for a `Range` this server does not understand, and when `If-Range` does not
    /// match `eTag` (``EntityTag/ifRangeMatches(_:_:)``: the client's copy is stale, so a part
    /// of the new one would corrupt it).
    ///
    /// - Throws: ``APIError`` 416 with `Content-Range: bytes */LENGTH` when the range lies
    ///   outside the body.
    public static func requested(range: String?, ifRange: String?, eTag: String, length: Int) throws -> Range<Int>? {
        guard let range, EntityTag.ifRangeMatches(ifRange, eTag) else { return nil }
        return try parse(range, length: length)
    }

    /// The byte range `header` asks for within `length` bytes; nil when the header is not a
    /// single valid byte range (a list of ranges, another unit, a last position before the
    /// first, anything but digits): the whole body is then sent, as RFC 9110 §14.2 lets a
    /// server do.
    ///
    /// - Throws: ``APIError`` 416 with `Content-Range: bytes */LENGTH` (RFC 9110 §14.4) when
    ///   the range is valid but unsatisfiable: it starts at or past the end of the body, or asks
    ///   for the last zero bytes (`bytes=-0`), or for any bytes of an empty body.
    public static func parse(_ header: String, length: Int) throws -> Range<Int>? {
        let length = max(0, length)
        guard let spec = Spec(header) else { return nil }
        switch spec {
        case .from(let first, let last):
            // `first` is nil when it is too large for an Int: past any body.
            guard let first, first < length else { throw unsatisfiable(header, length: length) }
            // A last position past the end (or too large for an Int) means the end.
            let end = min(last ?? length - 1, length - 1)
            return first..<(end + 1)
        case .suffix(let count):
            // `count` is nil when it is too large for an Int: the whole body.
            guard count != 0, length > 0 else { throw unsatisfiable(header, length: length) }
            return (length - min(count ?? length, length))..<length
        }
    }

    /// The 416 for `header` against a body of `length` bytes, with the `Content-Range` that
    /// tells the client the body's size.
    static func unsatisfiable(_ header: String, length: Int) -> APIError {
        let shown = String(header.unicodeScalars.prefix(80).map { $0.isASCII && $0.value >= 0x20 ? Character($0) : "?" })
        var error = APIError(.rangeNotSatisfiable, code: "range_not_satisfiable", "the body has \(length) bytes; \(shown) is outside it")
        error.headers[.contentRange] = "bytes */\(length)"
        return error
    }
}

extension ByteRange {
    /// A single valid byte-range-spec, its numbers read but not yet held against a length.
    enum Spec: Equatable {
        /// `bytes=FIRST-` or `bytes=FIRST-LAST`; a number too large for an `Int` is nil.
        case from(Int?, last: Int?)
        /// `bytes=-COUNT`: the last COUNT bytes; a count too large for an `Int` is nil.
        case suffix(Int?)

        /// The spec `header` holds; nil when it holds no single valid byte range.
        init?(_ header: String) {
            let bytes = Array(header.utf8)
            let unit = Array("bytes=".utf8)
            guard bytes.count > unit.count,
                zip(bytes, unit).allSatisfy({ given, expected in ((0x41...0x5A).contains(given) ? given | 0x20 : given) == expected })
            else { return nil }
            var spec = bytes[unit.count...]
            // Optional whitespace around the one range (RFC 9110 §5.6.1 lists), and no second one.
            while let first = spec.first, first == 0x20 || first == 0x09 { spec.removeFirst() }
            while let last = spec.last, last == 0x20 || last == 0x09 { spec.removeLast() }
            guard !spec.contains(UInt8(ascii: ",")), let dash = spec.firstIndex(of: UInt8(ascii: "-")) else { return nil }
            let firstDigits = spec[spec.startIndex..<dash], lastDigits = spec[(dash + 1)...]
            if firstDigits.isEmpty {
                guard let count = Number(lastDigits) else { return nil }
                self = .suffix(count.value)
                return
            }
            guard let first = Number(firstDigits) else { return nil }
            if lastDigits.isEmpty {
                self = .from(first.value, last: nil)
                return
            }
            guard let last = Number(lastDigits) else { return nil }
            // `last` before `first` makes the spec invalid (RFC 9110 §14.1.1).
            switch (first, last) {
            case let (.fits(first), .fits(last)) where last < first: return nil
            case (.tooLarge, .fits): return nil
            default: self = .from(first.value, last: last.value)
            }
        }
    }

    /// A decimal number read from a header: one or more ASCII digits, nothing else.
    enum Number: Equatable {
        /// A number that fits an `Int`.
        case fits(Int)
        /// A number larger than any `Int`.
        case tooLarge

        /// The number `digits` spell; nil when they are not all digits, or none.
        init?(_ digits: ArraySlice<UInt8>) {
            guard !digits.isEmpty else { return nil }
            var value = 0, overflowed = false
            for digit in digits {
                guard (0x30...0x39).contains(digit) else { return nil }
                guard !overflowed else { continue }
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int(digit &- 0x30))
                value = sum
                overflowed = overflow1 || overflow2
            }
            self = overflowed ? .tooLarge : .fits(value)
        }

        /// The value; nil when it is too large for an `Int`.
        var value: Int? {
            if case .fits(let value) = self { value } else { nil }
        }
    }
}
