/// The `Encoder` behind ``TemplateValues``: each value encodes into its own encoder, and
/// `value` is what it wrote (a ``TemplateFields``, a ``TemplateList``, a plain value, or nil).
final class TemplateEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What the value wrote.
    var value: Any?

    init(codingPath: [any CodingKey], value: Any? = nil) {
        self.codingPath = codingPath
        self.value = value
    }

    /// `value` as a template reads it, encoded at `codingPath`.
    static func encode(_ value: some Encodable, at codingPath: [any CodingKey]) throws -> Any? {
        let encoder = TemplateEncoder(codingPath: codingPath)
        try value.encode(to: encoder)
        return encoder.value
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let fields = value as? TemplateFields ?? TemplateFields()
        value = fields
        return KeyedEncodingContainer(FieldsContainer(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let list = value as? TemplateList ?? TemplateList()
        value = list
        return ValueContainer(list: list, encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { ValueContainer(list: nil, encoder: self) }
}

/// A struct's fields: each encoded value is stored under its key; a nil one is left out.
private struct FieldsContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let fields: TemplateFields
    let codingPath: [any CodingKey]

    private func set(_ value: Any, _ key: Key) { fields.fields[key.stringValue] = value }

    mutating func encodeNil(forKey key: Key) throws { fields.fields[key.stringValue] = nil }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        fields.fields[key.stringValue] = try TemplateEncoder.encode(value, at: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = TemplateFields()
        set(nested, key)
        return KeyedEncodingContainer(FieldsContainer<NestedKey>(fields: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = TemplateList()
        set(nested, key)
        return ValueContainer(list: nested, encoder: TemplateEncoder(codingPath: codingPath + [key], value: nested))
    }

    /// A superclass's fields, kept as a struct's under `super`.
    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }

    /// A superclass's fields, kept as a struct's under `key`.
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    private func superEncoder(named name: String) -> any Encoder {
        let nested = TemplateFields()
        fields.fields[name] = nested
        return TemplateEncoder(codingPath: codingPath, value: nested)
    }
}

/// An array's elements, appended in order (an unkeyed container), or one plain value that
/// becomes the encoder's value as it is (a single-value container: a `String`, an `Int`…):
/// the two write their values the same way, to a different place.
private struct ValueContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    /// The array appended to; nil for a single value.
    let list: TemplateList?
    let encoder: TemplateEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { list?.items.count ?? 0 }

    private func put(_ value: Any?) {
        if let list { list.items.append(value as Any) } else { encoder.value = value }
    }

    mutating func encodeNil() throws { put(nil) }
    mutating func encode(_ value: Bool) throws { put(value) }
    mutating func encode(_ value: String) throws { put(value) }
    mutating func encode(_ value: Double) throws { put(value) }
    mutating func encode(_ value: Float) throws { put(value) }
    mutating func encode(_ value: Int) throws { put(value) }
    mutating func encode(_ value: Int8) throws { put(value) }
    mutating func encode(_ value: Int16) throws { put(value) }
    mutating func encode(_ value: Int32) throws { put(value) }
    mutating func encode(_ value: Int64) throws { put(value) }
    mutating func encode(_ value: UInt) throws { put(value) }
    mutating func encode(_ value: UInt8) throws { put(value) }
    mutating func encode(_ value: UInt16) throws { put(value) }
    mutating func encode(_ value: UInt32) throws { put(value) }
    mutating func encode(_ value: UInt64) throws { put(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        put(try TemplateEncoder.encode(value, at: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = TemplateFields()
        put(nested)
        return KeyedEncodingContainer(FieldsContainer<NestedKey>(fields: nested, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = TemplateList()
        put(nested)
        return ValueContainer(list: nested, encoder: TemplateEncoder(codingPath: codingPath, value: nested))
    }

    /// A superclass's fields, kept as a struct's in the next element.
    mutating func superEncoder() -> any Encoder {
        let nested = TemplateFields()
        put(nested)
        return TemplateEncoder(codingPath: codingPath, value: nested)
    }
}
