import Foundation

/// FNV-1a with 64 bits, written once for every hash of content the apps spell in hex: a
/// creature's version (of its data file's bytes), an HTTP entity tag, an item's version, the
/// digest a change journal carries of what a writer wrote. Small, and stable across runs and
/// platforms (unlike `Hasher`, which is seeded per process).
public struct FNV1a: Sendable, Hashable {
    /// The hash of what was added so far (the offset basis when nothing was).
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hash of nothing yet.
    public init() {}

    /// Adds one byte.
    public mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    /// Adds `bytes`, in order.
    public mutating func add(contentsOf bytes: some Sequence<UInt8>) {
        var hash = value
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        value = hash
    }

    /// The hash of `data`'s bytes.
    public static func hash(_ data: Data) -> UInt64 {
        var hash = FNV1a()
        data.withUnsafeBytes { hash.add(contentsOf: $0) }
        return hash.value
    }

    /// The hash of `data`'s bytes as 16 lowercase hex digits (``Hex/encode(_:)-(UInt64)``): a
    /// creature's version, a journal's digest.
    public static func hex(_ data: Data) -> String {
        Hex.encode(hash(data))
    }
}
