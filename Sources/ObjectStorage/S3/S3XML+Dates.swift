import CivilTime
import Foundation

extension S3XML {
    /// A listing's `LastModified` (`2026-11-26T02:40:11.123Z`, fraction optional) as a date; nil
    /// for anything else. Read by hand: the formatter classes are not safe to share across
    /// threads on every platform, and the shape is fixed.
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard let time = CivilTime(parsingPrefixOf: bytes), bytes.last == UInt8(ascii: "Z") else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            let digits = bytes[20..<(bytes.count - 1)]
            guard bytes[19] == UInt8(ascii: "."), (1...9).contains(digits.count),
                  digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            fraction = Double(digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }) / pow(10, Double(digits.count))
        } else if bytes.count != 20 {
            return nil
        }
        return Date(timeIntervalSince1970: Double(time.secondsSince1970) + fraction)
    }
}
