/// The items' keys upper-cased and sorted, so that the start of a key — the 8-character code a
/// label prints, typed in any case — finds its items with a binary search, however many items
/// there are.
struct ItemKeyIndex: Sendable {
    /// Each key upper-cased as UTF-8, with its item's position, sorted by the bytes.
    private let sorted: [(key: [UInt8], position: Int)]

    /// The index of `keys`, the items' keys in their order.
    init(keys: [String]) {
        sorted = keys.enumerated().map { (Array($0.element.uppercased().utf8), $0.offset) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
    }

    /// The positions of the items whose key starts with `prefix` (upper-cased: any case), in
    /// key order; at most `limit`.
    func positions(startingWith prefix: String, limit: Int) -> [Int] {
        let wanted = Array(prefix.uppercased().utf8)
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].key.lexicographicallyPrecedes(wanted) { low = middle + 1 } else { high = middle }
        }
        var found: [Int] = []
        while low < sorted.count, found.count < limit, sorted[low].key.starts(with: wanted) {
            found.append(sorted[low].position)
            low += 1
        }
        return found
    }
}
