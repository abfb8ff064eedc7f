/// Zips built byte by byte to lie in their ZIP64 records, for checking that an import refuses
/// them instead of trapping: the same attacks for every app's import.
public enum HostileZips {
    /// `value` as `size` little-endian bytes.
    public static func le(_ value: UInt64, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A zip of one stored entry named `entry`, of 16 bytes, that says, in a ZIP64 extra field,
    /// that it inflates to `size`, takes `compressed` bytes and starts at `offset`.
    public static func zip64Entry(_ entry: String, size: UInt64, compressed: UInt64, offset: UInt64) -> [UInt8] {
        let name = Array(entry.utf8)
        let extra = le(1, 2) + le(24, 2) + le(size, 8) + le(compressed, 8) + le(offset, 8)
        let local = le(0x0403_4B50, 4) + le(45, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4) + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4)
            + le(UInt64(name.count), 2) + le(0, 2) + name + Array(repeating: 0x78, count: 16)
        let central = le(0x0201_4B50, 4) + le(45, 2) + le(45, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4)
            + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(UInt64(name.count), 2) + le(UInt64(extra.count), 2) + le(0, 2)
            + le(0, 2) + le(0, 2) + le(0, 4) + le(0xFFFF_FFFF, 4) + name + extra
        let end = le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(1, 2) + le(1, 2) + le(UInt64(central.count), 4) + le(UInt64(local.count), 4) + le(0, 2)
        return local + central + end
    }

    /// A zip of one stored entry named `entry` whose ZIP64 end record puts the directory at `start`.
    public static func zip64Directory(_ entry: String, at start: UInt64) -> [UInt8] {
        let name = Array(entry.utf8)
        let local = le(0x0403_4B50, 4) + le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4) + le(16, 4) + le(16, 4)
            + le(UInt64(name.count), 2) + le(0, 2) + name + Array(repeating: 0x78, count: 16)
        let central = le(0x0201_4B50, 4) + le(20, 2) + le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4) + le(16, 4) + le(16, 4)
            + le(UInt64(name.count), 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4) + name
        let record = le(0x0606_4B50, 4) + le(44, 8) + le(45, 2) + le(45, 2) + le(0, 4) + le(0, 4) + le(1, 8) + le(1, 8)
            + le(UInt64(central.count), 8) + le(start, 8)
        let locator = le(0x0706_4B50, 4) + le(0, 4) + le(UInt64(local.count + central.count), 8) + le(1, 4)
        let end = le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(0xFFFF, 2) + le(0xFFFF, 2) + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(0, 2)
        return local + central + record + locator + end
    }


    /// Zips of a few hundred bytes, each with one entry named `entry`, whose ZIP64 sizes, entry
    /// offset or directory start pass 2^63, by what is wrong with each: each once ended a server
    /// that imported it (ZIPFoundation converts them unchecked; the bomb check's product
    /// overflowed).
    public static func zip64Attacks(entry: String) -> [(name: String, zip: [UInt8])] {
        [
            // 100,000 bytes from 2^63: the bomb check's product passed UInt64.
            ("compressed size 2^63", zip64Entry(entry, size: 100_000, compressed: 1 << 63, offset: 0)),
            ("entry offset 2^64 - 1", zip64Entry(entry, size: 16, compressed: 16, offset: .max)),
            ("sizes 2^64 - 1", zip64Entry(entry, size: .max, compressed: .max, offset: 0)),
            ("directory at 2^63", zip64Directory(entry, at: 1 << 63)),
        ]
    }
}
