/// The shortest start of each item key that ``ItemStore/resolveKey(_:)`` resolves to that item
/// alone, so a command printed for a person to run names the item it means.
///
/// Keys are compared as `resolveKey` compares them: upper-cased, from the start. Built once for
/// all keys (sorted), each answer looks at the two neighbours of its key: the work is
/// proportional to the keys' length, however many items there are.
public struct ItemKeyPrefixes: Sendable {
    /// Every key, upper-cased, as UTF-8, sorted.
    private let sorted: [[UInt8]]

    /// The prefixes among `keys`.
    public init(keys: [String]) {
        sorted = keys.map { Array($0.uppercased().utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The shortest start of `key`, at least `minimum` characters, that no other key shares; the
    /// whole key when another key reads the same upper-cased (only the exact key names it then).
    public func shortest(for key: String, minimum: Int = 8) -> String {
        let upper = Array(key.uppercased().utf8)
        let first = lowerBound(upper)
        var end = first
        while end < sorted.count, sorted[end] == upper { end += 1 }
        if end - first > 1 { return key }
        var needed = 0
        if first > 0 { needed = max(needed, Self.commonPrefixLength(sorted[first - 1], upper) + 1) }
        if end < sorted.count { needed = max(needed, Self.commonPrefixLength(sorted[end], upper) + 1) }
        var prefix = ""
        var bytes = 0
        var characters = 0
        for character in key {
            if characters >= minimum, bytes >= needed { break }
            prefix.append(character)
            bytes += String(character).uppercased().utf8.count
            characters += 1
        }
        return prefix
    }

    private func lowerBound(_ value: [UInt8]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].lexicographicallyPrecedes(value) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func commonPrefixLength(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var length = 0
        while length < a.count, length < b.count, a[length] == b[length] { length += 1 }
        return length
    }
}
