/// A property-list dictionary key: a string compared by its exact Unicode scalars.
///
/// Swift's `String ==` treats canonically equivalent strings as equal: "é" (U+00E9) and
/// "e" + U+0301, or "Å" (U+00C5), "Å" (U+212B) and "A" + U+030A. CoreFoundation, Python's
/// `plistlib` and every other plist reader do not, so one dictionary may hold all of them as
/// separate keys. `PropertyListKey` compares and hashes the UTF-8 bytes instead, so a
/// ``PropertyList`` dictionary keeps every key it was given, and string uniquing (the binary
/// writer's, the archiver's string table) never merges two different strings.
///
/// Keys order by UTF-16 code unit, the order Apple's writers sort dictionary keys in.
/// Write a key as a string literal (`["$class": .uid(3)]`) or with ``init(_:)``.
public struct PropertyListKey: Hashable, Comparable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible, CustomDebugStringConvertible {
    /// The key's text, exactly as stored.
    public let string: String

    /// Wraps a string; its scalars are kept exactly, never normalised.
    public init(_ string: String) {
        self.string = string
    }

    /// Makes a key from a string literal.
    public init(stringLiteral value: String) {
        self.string = value
    }

    /// Whether the two keys have the same Unicode scalars (not merely canonically equivalent).
    public static func == (lhs: PropertyListKey, rhs: PropertyListKey) -> Bool {
        ExactString.equal(lhs.string, rhs.string)
    }

    /// Hashes the UTF-8 bytes.
    public func hash(into hasher: inout Hasher) {
        ExactString.hash(string, into: &hasher)
    }

    /// Orders by UTF-16 code unit, as CoreFoundation sorts keys.
    public static func < (lhs: PropertyListKey, rhs: PropertyListKey) -> Bool {
        // UTF-8 bytes order as code points do, and code points as UTF-16 units do, except that
        // a scalar above U+FFFF (a surrogate pair, D800…) sorts before U+E000–U+FFFF (lead
        // bytes EE and EF): compare bytes and correct that one case at the first difference.
        // Most keys differ in a first ASCII byte: decided without touching the rest.
        if let x = lhs.string.utf8.first, let y = rhs.string.utf8.first, x != y, x < 0x80, y < 0x80 { return x < y }
        var left = lhs.string
        var right = rhs.string
        return left.withUTF8 { a in
            right.withUTF8 { b in
                let shared = min(a.count, b.count)
                var index = 0
                while index < shared, a[index] == b[index] { index += 1 }
                guard index < shared else { return a.count < b.count }
                let x = a[index]
                let y = b[index]
                if x >= 0xF0, y == 0xEE || y == 0xEF { return true }
                if y >= 0xF0, x == 0xEE || x == 0xEF { return false }
                return x < y
            }
        }
    }

    /// The key's text.
    public var description: String { string }

    /// The key's text, quoted.
    public var debugDescription: String { string.debugDescription }
}
