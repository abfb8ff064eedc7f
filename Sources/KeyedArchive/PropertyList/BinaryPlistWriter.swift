import Foundation

/// Writes Apple binary property lists (`bplist00`).
///
/// Equal scalars (strings, numbers, dates, data, UIDs) are written once and shared; object
/// references and offsets use the smallest of 1, 2, 4 or 8 bytes that fits, as CoreFoundation
/// does. Dictionary entries are written in the dictionary's own order, as Apple's writer writes
/// them in hash order.
public enum BinaryPlistWriter {
    /// Encodes a plist as binary.
    ///
    /// - Complexity: O(n) in the number of values.
    public static func write(_ plist: PropertyList) -> Data {
        write(plist, expectedObjects: 0)
    }

    /// Encodes a plist as binary, sizing tables for about `expectedObjects` objects.
    static func write(_ plist: PropertyList, expectedObjects: Int) -> Data {
        BinaryPlistFlattener.data(of: plist, expectedObjects: expectedObjects)
    }
}
