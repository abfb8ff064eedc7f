import NIOCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The `Date` header's value (RFC 9110 IMF-fixdate, `Mon, 23 Nov 2026 17:35:04 GMT`), made once
/// a second, for responses written outside Hummingbird's responder (which adds its own).
enum HTTPDate {
    private static let latest = Mutex<(second: Int, text: String, line: ByteBuffer)>((-1, "", ByteBuffer()))
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Now, formatted.
    static func now() -> String {
        current().text
    }

    /// The last header line of a response on the wire: `Date: …` and the blank line that ends
    /// the head.
    static func lastHeadLine() -> ByteBuffer {
        current().line
    }

    private static func current() -> (second: Int, text: String, line: ByteBuffer) {
        let second = time(nil)
        return latest.withLock { latest in
            if latest.second != second {
                let text = format(second)
                latest = (second, text, ByteBuffer(string: "Date: \(text)\r\n\r\n"))
            }
            return latest
        }
    }

    /// `second` (since 1970, UTC) formatted.
    static func format(_ second: Int) -> String {
        var time = time_t(second)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = days[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        return "\(day), \(two(parts.tm_mday)) \(month) \(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
