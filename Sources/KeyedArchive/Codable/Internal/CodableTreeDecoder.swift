import Foundation

/// A `Decoder` over an ``ArchivedValue`` tree.
struct CodableTreeDecoder: Decoder {
    let value: ArchivedValue
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    init(value: ArchivedValue, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
        self.value = value
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    /// Decodes `Value` from this node: Foundation value types directly, others through `init(from:)`.
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        if case .reference(let uid) = value {
            throw DecodingError.dataCorrupted(context("object \(uid) contains itself; a Decodable value cannot be a cycle"))
        }
        switch type {
        case is Date.Type:
            guard case .date(let date) = value, let result = date as? Value else { throw mismatch(type) }
            return result
        case is Data.Type:
            guard case .data(let bytes) = value, let result = bytes as? Value else { throw mismatch(type) }
            return result
        case is URL.Type:
            if case .string(let text) = value, let url = URL(string: text), let result = url as? Value { return result }
            guard case .url(let url) = value, let result = url as? Value else { throw mismatch(type) }
            return result
        case is UUID.Type:
            if case .string(let text) = value, let uuid = UUID(uuidString: text), let result = uuid as? Value { return result }
            guard case .uuid(let uuid) = value, let result = uuid as? Value else { throw mismatch(type) }
            return result
        default:
            return try Value(from: self)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .dictionary(let entries) = value else { throw mismatch([String: Any].self) }
        var byKey = [PropertyListKey: ArchivedValue](minimumCapacity: entries.count)
        for entry in entries {
            guard case .string(let key) = entry.key else {
                throw DecodingError.dataCorrupted(context("a dictionary key is \(entry.key), not a string"))
            }
            byKey[PropertyListKey(key)] = entry.value
        }
        return KeyedDecodingContainer(CodableKeyedDecodingContainer<Key>(entries: byKey, codingPath: codingPath, userInfo: userInfo))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch value {
        case .array(let elements), .set(let elements), .orderedSet(let elements):
            return CodableUnkeyedDecodingContainer(elements: elements, codingPath: codingPath, userInfo: userInfo)
        default:
            throw mismatch([Any].self)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        CodableSingleValueDecodingContainer(decoder: self)
    }

    func context(_ description: String) -> DecodingError.Context {
        DecodingError.Context(codingPath: codingPath, debugDescription: description)
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(type, context("expected \(type), found \(value.kindDescription)"))
    }
}

struct CodableKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let entries: [PropertyListKey: ArchivedValue]
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    var allKeys: [Key] { entries.keys.compactMap { Key(stringValue: $0.string) } }

    func contains(_ key: Key) -> Bool { entries[PropertyListKey(key.stringValue)] != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        try entry(key) == .null
    }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try decoder(for: key).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = CodableIndexKey(stringValue: "super")
        return CodableTreeDecoder(value: entries["super"] ?? .null, codingPath: codingPath + [key], userInfo: userInfo)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        CodableTreeDecoder(value: entries[PropertyListKey(key.stringValue)] ?? .null, codingPath: codingPath + [key], userInfo: userInfo)
    }

    private func entry(_ key: Key) throws -> ArchivedValue {
        guard let value = entries[PropertyListKey(key.stringValue)] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "no value for key \"\(key.stringValue)\""))
        }
        return value
    }

    private func decoder(for key: Key) throws -> CodableTreeDecoder {
        CodableTreeDecoder(value: try entry(key), codingPath: codingPath + [key], userInfo: userInfo)
    }
}

struct CodableUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let elements: [ArchivedValue]
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    private(set) var currentIndex = 0

    init(elements: [ArchivedValue], codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
        self.elements = elements
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard try peek() == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let value = try nextDecoder().decode(type)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try nextDecoder().container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try nextDecoder().unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try nextDecoder()
        currentIndex += 1
        return decoder
    }

    private func peek() throws -> ArchivedValue {
        guard currentIndex < elements.count else {
            throw DecodingError.valueNotFound(Any.self, DecodingError.Context(codingPath: codingPath + [CodableIndexKey(intValue: currentIndex)], debugDescription: "the array has only \(elements.count) elements"))
        }
        return elements[currentIndex]
    }

    private func nextDecoder() throws -> CodableTreeDecoder {
        CodableTreeDecoder(value: try peek(), codingPath: codingPath + [CodableIndexKey(intValue: currentIndex)], userInfo: userInfo)
    }
}

struct CodableSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: CodableTreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        switch decoder.value {
        case .bool(let flag): return flag
        case .integer(let number) where number == 0 || number == 1: return number == 1
        default: throw decoder.mismatch(type)
        }
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = decoder.value else { throw decoder.mismatch(type) }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch decoder.value {
        case .real(let number): return number
        case .integer(let number): return Double(number)
        case .unsignedInteger(let number): return Double(number)
        case .bool(let flag): return flag ? 1 : 0
        default: throw decoder.mismatch(type)
        }
    }

    func decode(_ type: Float.Type) throws -> Float {
        Float(try decode(Double.self))
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try decoder.decode(type)
    }

    /// An integer that fits exactly, or a `dataCorrupted` error naming the value.
    ///
    /// Conversion follows ``ArchiveNumber``: integral reals convert, and booleans read as 1 and 0
    /// because Foundation's archiver shares one `NSNumber` entry between `true` and `1`.
    private func integer<Integer: FixedWidthInteger & ArchiveNumber>(_ type: Integer.Type) throws -> Integer {
        let scalar: PropertyList
        switch decoder.value {
        case .integer(let number): scalar = .integer(number)
        case .unsignedInteger(let number): scalar = .unsignedInteger(number)
        case .real(let number): scalar = .real(number)
        case .bool(let flag): scalar = .bool(flag)
        default: throw decoder.mismatch(type)
        }
        guard let converted = Integer(archivedScalar: scalar) else {
            throw DecodingError.dataCorrupted(decoder.context("\(decoder.value.kindDescription) does not fit \(type)"))
        }
        return converted
    }
}

extension ArchivedValue {
    /// A short description of the value for decoding errors.
    var kindDescription: String {
        switch self {
        case .null: return "nil"
        case .string: return "a string"
        case .integer(let number): return "the integer \(number)"
        case .unsignedInteger(let number): return "the integer \(number)"
        case .real(let number): return "the number \(number)"
        case .bool(let flag): return "the boolean \(flag)"
        case .data(let bytes): return "\(bytes.count) bytes of data"
        case .date: return "a date"
        case .uuid: return "a UUID"
        case .url: return "a URL"
        case .array(let elements): return "an array of \(elements.count)"
        case .set(let elements): return "a set of \(elements.count)"
        case .orderedSet(let elements): return "an ordered set of \(elements.count)"
        case .dictionary(let entries): return "a dictionary of \(entries.count)"
        case .object(let object): return "an object of class \(object.className)"
        case .reference(let uid): return "a reference back to object \(uid)"
        }
    }
}
