import Foundation

/// Comparing and hashing strings by their exact scalars (their UTF-8 bytes), never by
/// canonical equivalence as `String ==` does.
public enum ExactString {
    /// Whether `a` and `b` have the same Unicode scalars.
    public static func equal(_ a: String, _ b: String) -> Bool {
        // Two strings with the same representation (one shared buffer, or the same small
        // inline bytes) are the same scalars: the common case of a key met again, decided
        // without touching the bytes. Different representations fall through to the bytes.
        // (Only where a String is two words, as on every 64-bit platform.)
        if MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size,
           unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self) {
            return true
        }
        var a = a
        var b = b
        guard a.utf8.count == b.utf8.count else { return false }
        return a.withUTF8 { left in
            b.withUTF8 { right in
                guard left.count == right.count else { return false }
                guard let l = left.baseAddress, let r = right.baseAddress, l != r else { return true }
                return memcmp(l, r, left.count) == 0
            }
        }
    }

    /// Feeds the UTF-8 bytes and their count to `hasher`.
    public static func hash(_ text: String, into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
    }
}
