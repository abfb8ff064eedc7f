import Foundation

/// Numbers a plist tree's objects for a binary plist, storing equal scalars once, and writes them
/// through a ``BinaryPlistBuilder``.
struct BinaryPlistFlattener {
    private var builder: BinaryPlistBuilder
    private var strings: [PropertyListKey: Int] = [:]
    private var uids: [UInt32: Int] = [:]
    private var integers: [Int64: Int] = [:]
    private var otherScalars: [PropertyList: Int] = [:]

    /// Creates a flattener; `expectedObjects` sizes its tables to avoid rehashing.
    init(expectedObjects: Int = 0) {
        builder = BinaryPlistBuilder(expectedObjects: expectedObjects)
        strings.reserveCapacity(expectedObjects / 2)
        uids.reserveCapacity(expectedObjects / 2)
    }

    /// The binary plist whose top object is `value`.
    static func data(of value: PropertyList, expectedObjects: Int) -> Data {
        var flattener = BinaryPlistFlattener(expectedObjects: expectedObjects)
        let root = flattener.flatten(value)
        return flattener.builder.data(root: root)
    }

    /// Numbers `value` and everything in it; returns its object number.
    mutating func flatten(_ value: PropertyList) -> Int {
        switch value {
        case .array(let elements):
            let number = builder.reserve()
            builder.fill(number, array: flatten(elements))
            return number
        case .set(let elements):
            let number = builder.reserve()
            builder.fill(number, set: flatten(elements))
            return number
        case .dictionary(let dictionary):
            let number = builder.reserve()
            var keys = [Int]()
            var values = [Int]()
            keys.reserveCapacity(dictionary.count)
            values.reserveCapacity(dictionary.count)
            for (key, child) in dictionary {
                keys.append(string(key.string))
                values.append(flatten(child))
            }
            builder.fill(number, keys: keys, values: values)
            return number
        case .string(let text):
            return string(text)
        case .uid(let uid):
            let number = Self.intern(uid, in: &uids, next: builder.objectCount)
            if number == builder.objectCount { _ = builder.uid(uid) }
            return number
        case .integer(let integer):
            let number = Self.intern(integer, in: &integers, next: builder.objectCount)
            if number == builder.objectCount { _ = builder.integer(integer) }
            return number
        default:
            let number = Self.intern(value, in: &otherScalars, next: builder.objectCount)
            if number == builder.objectCount { _ = builder.add(value) }
            return number
        }
    }

    private mutating func flatten(_ elements: [PropertyList]) -> [Int] {
        var references = [Int]()
        references.reserveCapacity(elements.count)
        for element in elements { references.append(flatten(element)) }
        return references
    }

    private mutating func string(_ text: String) -> Int {
        let number = Self.intern(PropertyListKey(text), in: &strings, next: builder.objectCount)
        if number == builder.objectCount { _ = builder.string(text) }
        return number
    }

    /// Returns the number stored for `key`, storing the next object's number if there is none,
    /// hashing once; the caller adds that object when it gets the next number back.
    @inline(__always)
    private static func intern<Key: Hashable>(_ key: Key, in table: inout [Key: Int], next: Int) -> Int {
        update(&table[key, default: next])
    }

    @inline(__always)
    private static func update(_ slot: inout Int) -> Int { slot }
}
