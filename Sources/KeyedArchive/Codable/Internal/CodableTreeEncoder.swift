import Foundation

/// An `Encoder` that turns a value into a ``CodableNode`` tree.
///
/// Each encoder hands what it produces to its `sink`: the caller's result, or a slot in the
/// parent container, so nested and super encoders need no write-back step.
final class CodableTreeEncoder: Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    private let sink: (CodableNode) -> Void
    private var keyedBox: CodableBox?
    private var unkeyedBox: CodableBox?

    init(codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any], sink: @escaping (CodableNode) -> Void) {
        self.codingPath = codingPath
        self.userInfo = userInfo
        self.sink = sink
    }

    /// Encodes a top-level value.
    static func encode<Value: Encodable>(_ value: Value, userInfo: [CodingUserInfoKey: any Sendable]) throws -> CodableNode {
        try node(for: value, codingPath: [], userInfo: userInfo)
    }

    /// The node of any value: Foundation value types directly, others through `encode(to:)`.
    static func node<Value: Encodable>(for value: Value, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) throws -> CodableNode {
        switch value {
        case let date as Date: return .date(date)
        case let data as Data: return .data(data)
        case let url as URL: return .url(url)
        case let uuid as UUID: return .uuid(uuid)
        default: break
        }
        var result: CodableNode?
        let encoder = CodableTreeEncoder(codingPath: codingPath, userInfo: userInfo) { result = $0 }
        try value.encode(to: encoder)
        return result ?? .dictionary(CodableBox())
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box = keyedBox ?? {
            let box = CodableBox()
            keyedBox = box
            sink(.dictionary(box))
            return box
        }()
        return KeyedEncodingContainer(CodableKeyedEncodingContainer<Key>(box: box, codingPath: codingPath, userInfo: userInfo))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box = unkeyedBox ?? {
            let box = CodableBox()
            unkeyedBox = box
            sink(.array(box))
            return box
        }()
        return CodableUnkeyedEncodingContainer(box: box, codingPath: codingPath, userInfo: userInfo)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        CodableSingleValueEncodingContainer(codingPath: codingPath, userInfo: userInfo, sink: sink)
    }
}

/// The node of a primitive, shared by the three container kinds.
enum CodablePrimitive {
    static func node(_ value: Bool) -> CodableNode { .bool(value) }
    static func node(_ value: String) -> CodableNode { .string(value) }
    static func node(_ value: Double) -> CodableNode { .double(value) }
    static func node(_ value: Float) -> CodableNode { .float(value) }
    static func node<Integer: FixedWidthInteger>(_ value: Integer) -> CodableNode {
        if let signed = Int64(exactly: value) { return .integer(signed) }
        return .unsignedInteger(UInt64(clamping: value))
    }
}

struct CodableKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: CodableBox
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    mutating func encodeNil(forKey key: Key) { box.set(.null, forKey: key.stringValue) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        box.set(try CodableTreeEncoder.node(for: value, codingPath: codingPath + [key], userInfo: userInfo), forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = CodableBox()
        box.set(.dictionary(nested), forKey: key.stringValue)
        return KeyedEncodingContainer(CodableKeyedEncodingContainer<NestedKey>(box: nested, codingPath: codingPath + [key], userInfo: userInfo))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = CodableBox()
        box.set(.array(nested), forKey: key.stringValue)
        return CodableUnkeyedEncodingContainer(box: nested, codingPath: codingPath + [key], userInfo: userInfo)
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: CodableIndexKey(stringValue: "super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key)
    }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let box = self.box
        let name = key.stringValue
        return CodableTreeEncoder(codingPath: codingPath + [key], userInfo: userInfo) { box.set($0, forKey: name) }
    }
}

struct CodableUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let box: CodableBox
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    var count: Int { box.elements.count }

    private var nextKey: any CodingKey { CodableIndexKey(intValue: box.elements.count) }

    mutating func encodeNil() { box.elements.append(.null) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        box.elements.append(try CodableTreeEncoder.node(for: value, codingPath: codingPath + [nextKey], userInfo: userInfo))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        let nested = CodableBox()
        box.elements.append(.dictionary(nested))
        return KeyedEncodingContainer(CodableKeyedEncodingContainer<NestedKey>(box: nested, codingPath: codingPath + [key], userInfo: userInfo))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let nested = CodableBox()
        box.elements.append(.array(nested))
        return CodableUnkeyedEncodingContainer(box: nested, codingPath: codingPath + [key], userInfo: userInfo)
    }

    mutating func superEncoder() -> any Encoder {
        let box = self.box
        let index = box.elements.count
        box.elements.append(.null)
        return CodableTreeEncoder(codingPath: codingPath + [CodableIndexKey(intValue: index)], userInfo: userInfo) { box.elements[index] = $0 }
    }
}

struct CodableSingleValueEncodingContainer: SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    let sink: (CodableNode) -> Void

    mutating func encodeNil() { sink(.null) }
    mutating func encode(_ value: Bool) { sink(CodablePrimitive.node(value)) }
    mutating func encode(_ value: String) { sink(CodablePrimitive.node(value)) }
    mutating func encode(_ value: Double) { sink(CodablePrimitive.node(value)) }
    mutating func encode(_ value: Float) { sink(CodablePrimitive.node(value)) }
    mutating func encode(_ value: Int) { sink(CodablePrimitive.node(value)) }
    mutating func encode(_ value: Int8) { sink(CodablePrimitive.node(value)) }
    mutating func encode(_ value: Int16) { sink(CodablePrimitive.node(value)) }
    mutating func encode(_ value: Int32) { sink(CodablePrimitive.node(value)) }
    mutating func encode(_ value: Int64) { sink(CodablePrimitive.node(value)) }
    mutating func encode(_ value: UInt) { sink(CodablePrimitive.node(value)) }
    mutating func encode(_ value: UInt8) { sink(CodablePrimitive.node(value)) }
    mutating func encode(_ value: UInt16) { sink(CodablePrimitive.node(value)) }
    mutating func encode(_ value: UInt32) { sink(CodablePrimitive.node(value)) }
    mutating func encode(_ value: UInt64) { sink(CodablePrimitive.node(value)) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        sink(try CodableTreeEncoder.node(for: value, codingPath: codingPath, userInfo: userInfo))
    }
}

/// A coding key for array positions and the `super` key.
struct CodableIndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}
