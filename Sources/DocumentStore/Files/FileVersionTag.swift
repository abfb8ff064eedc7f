#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Hex

/// An opaque token that changes whenever a file is replaced or rewritten, for entity tags and
/// the `?v=` of URLs: a keyed hash of the file's device, inode, size and modification time.
///
/// The key is random, drawn once per process, so a token shows nothing of those numbers (an
/// `ETag` would otherwise tell anyone the server's device and inode numbers and the file's
/// time to the nanosecond) and cannot be computed outside the server. It is stable while the
/// file is unchanged and the process runs; a restarted server gives new tokens, which costs a
/// client one full download per photo.
public enum FileVersionTag {
    /// The token of a file with these properties: 32 lowercase hex digits.
    ///
    /// - Parameters:
    ///   - modified: the last modification in nanoseconds since 1970.
    public static func of(device: UInt64, inode: UInt64, size: Int, modified: Int64) -> String {
        // Swift's `Hasher` is SipHash-1-3 under a random per-process seed; the key drawn here
        // is fed first as well, so the tokens stay secret even where hashing has been made
        // deterministic (SWIFT_DETERMINISTIC_HASHING). Two passes with different domain bytes
        // make 128 bits.
        let halves = [UInt8(1), 2].map { domain -> UInt64 in
            var hasher = Hasher()
            hasher.combine(key.0)
            hasher.combine(key.1)
            hasher.combine(domain)
            hasher.combine(device)
            hasher.combine(inode)
            hasher.combine(size)
            hasher.combine(modified)
            return UInt64(bitPattern: Int64(hasher.finalize()))
        }
        return halves.map(Hex.encode).joined()
    }

    /// The token of the file `status` describes (from `stat`, `lstat` or `fstat`).
    public static func of(_ status: stat) -> String {
        of(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int(status.st_size),
            modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        )
    }

    /// This process's key.
    private static let key: (UInt64, UInt64) = {
        var random = SystemRandomNumberGenerator()
        return (random.next(), random.next())
    }()
}
