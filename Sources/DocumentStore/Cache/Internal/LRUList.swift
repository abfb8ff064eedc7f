/// A least-recently-used order over keys: O(1) touch, insert, remove and pop-oldest, with the
/// links kept as array indices (no per-entry objects, no reference counting).
struct LRUList<Key: Hashable> {
    private struct Node {
        var key: Key?
        var older: Int
        var newer: Int
    }

    private var nodes: [Node] = []
    private var indexOfKey: [Key: Int] = [:]
    private var freeIndices: [Int] = []
    /// The least recently used node, or -1.
    private var oldest = -1
    /// The most recently used node, or -1.
    private var newest = -1

    /// The number of keys.
    var count: Int { indexOfKey.count }

    /// Whether `key` is in the list.
    func contains(_ key: Key) -> Bool { indexOfKey[key] != nil }

    /// Makes `key` the most recently used, adding it if absent.
    mutating func touch(_ key: Key) {
        if let index = indexOfKey[key] {
            unlink(index)
            linkAsNewest(index)
            return
        }
        let index: Int
        if let free = freeIndices.popLast() {
            index = free
            nodes[index] = Node(key: key, older: -1, newer: -1)
        } else {
            index = nodes.count
            nodes.append(Node(key: key, older: -1, newer: -1))
        }
        indexOfKey[key] = index
        linkAsNewest(index)
    }

    /// Removes `key`; nothing happens if it is absent.
    mutating func remove(_ key: Key) {
        guard let index = indexOfKey.removeValue(forKey: key) else { return }
        unlink(index)
        nodes[index].key = nil
        freeIndices.append(index)
    }

    /// Removes and returns the least recently used key.
    mutating func popOldest() -> Key? {
        guard oldest >= 0, let key = nodes[oldest].key else { return nil }
        remove(key)
        return key
    }

    /// Removes every key.
    mutating func removeAll() {
        self = LRUList()
    }

    private mutating func unlink(_ index: Int) {
        let node = nodes[index]
        if node.older >= 0 { nodes[node.older].newer = node.newer } else { oldest = node.newer }
        if node.newer >= 0 { nodes[node.newer].older = node.older } else { newest = node.older }
        nodes[index].older = -1
        nodes[index].newer = -1
    }

    private mutating func linkAsNewest(_ index: Int) {
        nodes[index].older = newest
        nodes[index].newer = -1
        if newest >= 0 { nodes[newest].newer = index } else { oldest = index }
        newest = index
    }
}
