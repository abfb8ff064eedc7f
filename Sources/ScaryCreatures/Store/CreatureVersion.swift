import Foundation
import Hex

/// A creature's version: 16 hex digits of the 64-bit FNV-1a hash of its data file's bytes.
///
/// Every change of the title, the rating or any other stored key changes the bytes and so the
/// version; the same bytes give the same version in every process and after every restart, so
/// it can be an HTTP `ETag` that `If-Match` checks.
enum CreatureVersion {
    /// The version of a data file holding `bytes`.
    static func of(_ bytes: Data) -> String {
        FNV1a.hex(bytes)
    }

    /// The version spelled from its hash: 16 lower-case hex digits.
    static func hex(_ hash: UInt64) -> String {
        Hex.encode(hash)
    }

    /// The hash a version spells; nil unless it is exactly what ``hex(_:)`` makes.
    static func hash(of version: String) -> UInt64? {
        guard version.utf8.count == 16, let hash = UInt64(version, radix: 16), hex(hash) == version else { return nil }
        return hash
    }
}
