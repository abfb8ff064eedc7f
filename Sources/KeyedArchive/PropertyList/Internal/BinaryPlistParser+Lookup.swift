import Foundation

/// Reads single entries of a binary plist in place, for lazy keyed-archive decoding: a
/// dictionary's value for one key, or an array's references, without building the container.
extension BinaryPlistParser {
    /// The marker, element count and first reference offset of container object `number`, or
    /// nil if the object is not a container of the given kind (`0xA` array, `0xD` dictionary).
    func containerHeader(_ number: Int, kind: UInt8) throws -> (count: Int, payload: Int)? {
        let start = try offset(ofObject: number)
        let marker = bytes[start]
        guard marker >> 4 == kind else { return nil }
        let (count, payload) = try count(marker: marker, at: start, object: number)
        let refs = kind == 0xD ? count * 2 : count
        try require(refs * trailer.objectRefSize, at: payload, object: number, what: "references")
        return (count, payload)
    }

    /// The object numbers an array object refers to, or nil if `number` is not an array.
    func arrayReferences(_ number: Int) throws -> [Int]? {
        guard let (count, payload) = try containerHeader(number, kind: 0xA) else { return nil }
        guard count <= limits.maxCollectionCount else {
            throw ArchiveError(.limitExceeded, "binary plist: array object \(number) has \(count) elements, more than the limit of \(limits.maxCollectionCount)", object: number)
        }
        var numbers = [Int]()
        numbers.reserveCapacity(count)
        for index in 0..<count { numbers.append(try reference(payload, index, of: number)) }
        return numbers
    }

    /// Whether object `number` is an ASCII string object whose bytes equal `key`.
    ///
    /// Returns nil when the object is a string in another encoding, so the caller can compare
    /// decoded strings instead.
    func stringObject(_ number: Int, equals key: UnsafeBufferPointer<UInt8>) throws -> Bool? {
        guard let (payload, length) = try asciiStringExtent(number) else { return nil }
        guard length == key.count else { return false }
        try require(length, at: payload, object: number, what: "string")
        guard let base = bytes.baseAddress, let keyBase = key.baseAddress else { return length == 0 }
        return memcmp(base + payload, keyBase, length) == 0
    }

    /// Where the bytes of ASCII string object `number` start and how many there are (not yet
    /// checked to lie in the file), or nil for a UTF-16 string.
    ///
    /// - Throws: `.corruptBinary` when the object is not a string (a dictionary key must be one).
    private func asciiStringExtent(_ number: Int) throws -> (payload: Int, length: Int)? {
        let start = try offset(ofObject: number)
        let marker = bytes[start]
        switch marker >> 4 {
        case 0x5:
            let (length, payload) = try count(marker: marker, at: start, object: number)
            return (payload, length)
        case 0x6:
            return nil
        default:
            throw ArchiveError(.corruptBinary, "binary plist: dictionary key object \(number) is not a string", offset: start, object: number)
        }
    }

    /// The object number of the value stored under `key` in dictionary object `number`.
    ///
    /// Returns `.notADictionary` when the object is another type, `.missing` when the key is absent.
    mutating func dictionaryValue(_ number: Int, forKey key: String) throws -> DictionaryLookup {
        guard let (count, payload) = try containerHeader(number, kind: 0xD) else { return .notADictionary }
        var key = key
        return try key.withUTF8 { utf8 in
            for index in 0..<count {
                let keyNumber = try reference(payload, index, of: number)
                let equal: Bool
                if let ascii = try stringObject(keyNumber, equals: utf8) {
                    equal = ascii
                } else {
                    equal = try object(keyNumber, depth: 0) == .string(String(decoding: utf8, as: UTF8.self))
                }
                if equal { return .found(try reference(payload, count + index, of: number)) }
            }
            return .missing
        }
    }

    /// The object numbers stored under each of `keys` in dictionary object `number`, put in
    /// `values` (-1 where a key is absent; for a key written twice, the last, as a full parse
    /// keeps it); returns how many of its other keys are not `$class`, and the object number of
    /// `$class` (-1 if none). Nil when the object is not a dictionary.
    ///
    /// Each key object is read once and compared by its bytes with every wanted key, so reading a
    /// fixed set of fields costs no hashing, builds no dictionary and allocates nothing once
    /// `values` has grown.
    mutating func dictionaryValues(_ number: Int, forKeys keys: [String], into values: inout [Int]) throws -> (otherCount: Int, classValue: Int)? {
        guard let (count, payload) = try containerHeader(number, kind: 0xD) else { return nil }
        values.removeAll(keepingCapacity: true)
        values.append(contentsOf: repeatElement(-1, count: keys.count))
        var otherCount = 0
        var classValue = -1
        for index in 0..<count {
            let keyNumber = try reference(payload, index, of: number)
            var match = -1
            var isClass = false
            if let ascii = try asciiStringBytes(keyNumber) {
                match = keys.firstIndex { Self.bytes(ascii, equal: $0) } ?? -1
                isClass = ascii.elementsEqual("$class".utf8)
            } else if case .string(let text) = try object(keyNumber, depth: 0) {
                match = keys.firstIndex { ExactString.equal($0, text) } ?? -1
                isClass = ExactString.equal(text, "$class")
            }
            if match >= 0 {
                values[match] = try reference(payload, count + index, of: number)
            } else if isClass {
                classValue = try reference(payload, count + index, of: number)
            } else {
                otherCount += 1
            }
        }
        return (otherCount, classValue)
    }

    /// The bytes of ASCII string object `number`, or nil for a UTF-16 string.
    ///
    /// - Throws: `.corruptBinary` when the object is not a string or runs past the object table.
    private func asciiStringBytes(_ number: Int) throws -> UnsafeRawBufferPointer? {
        guard let (payload, length) = try asciiStringExtent(number) else { return nil }
        try require(length, at: payload, object: number, what: "string")
        return UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[payload..<(payload + length)])
    }

    private static func bytes(_ bytes: UnsafeRawBufferPointer, equal key: String) -> Bool {
        let utf8 = key.utf8
        guard utf8.count == bytes.count else { return false }
        let same = utf8.withContiguousStorageIfAvailable { key in
            guard let left = key.baseAddress, let right = bytes.baseAddress else { return true }
            return memcmp(left, right, key.count) == 0
        }
        return same ?? utf8.elementsEqual(bytes)
    }

    /// The outcome of ``dictionaryValue(_:forKey:)``.
    enum DictionaryLookup {
        case found(Int)
        case missing
        case notADictionary
    }
}
