import Foundation

/// Writes Apple binary property lists (`bplist00`).
///
/// Equal scalars (strings, numbers, dates, data, UIDs) are written once and shared; object
/// references and offsets use the smallest of 1, 2, 4 or 8 bytes that fits, as CoreFoundation
/// does. Dictionary keys are written in sorted order so equal plists give equal bytes.
public enum BinaryPlistWriter {
    /// Encodes a plist as binary.
    ///
    /// - Complexity: O(n log k) for n values and dictionaries of up to k keys.
    public static func write(_ plist: PropertyList) -> Data {
        var flattener = BinaryPlistFlattener()
        _ = flattener.flatten(plist)
        return Data(flattener.serialize())
    }
}
