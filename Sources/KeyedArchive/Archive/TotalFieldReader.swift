/// Reads the known keys of one archived object so that no value can fail the object: a key
/// holding a well-formed value of another type reads as its default and is named in
/// ``unreadable``; a `$null` in an optional field reads as nil and is named in ``nulls``; damage
/// to the file's structure is remembered (``structural``) for the caller to throw once every
/// field is read. What Homepwner's items, their maintenance entries and fields, and the
/// toolkit's change records decode with.
public struct TotalFieldReader {
    /// The keys, in the order of ``raw``.
    public let keys: [String]
    /// Each key's raw value (nil: absent), from ``KeyedArchive/ArchiveDecoder/rawValues(forKeys:)``.
    public let raw: [PropertyList?]
    /// How many keys the object has that are not in ``keys``.
    public let otherCount: Int
    /// The unarchiver the fields are decoded in.
    private let unarchiver: KeyedUnarchiver
    /// The keys that held a value of another type.
    public private(set) var unreadable: [String] = []
    /// The optional keys that held `$null`.
    public private(set) var nulls: [String] = []
    /// The first damage to the file's structure a field reached.
    public private(set) var structural: ArchiveError?

    /// Looks up `keys` in the object `coder` decodes, in one pass.
    ///
    /// - Throws: ``KeyedArchive/ArchiveError`` when the object itself is damaged.
    public init(_ coder: ArchiveDecoder, keys: [String]) throws {
        self.keys = keys
        self.unarchiver = coder.unarchiver
        (raw, otherCount) = try coder.rawValues(forKeys: keys)
    }

    /// The value of key `index`, or `value` when it is absent, `$null` or of another type.
    @inline(__always)
    public mutating func read<Value: ArchiveDecodable>(_ type: Value.Type, _ index: Int, default value: Value) -> Value {
        guard let field = raw[index], field != .uid(0) else { return value }
        do {
            return try Value.decodeField(field, in: unarchiver)
        } catch let error as ArchiveError where error.isStructural {
            structural = structural ?? error
            return value
        } catch {
            unreadable.append(keys[index])
            return value
        }
    }

    /// An optional field: nil when absent; a `$null` is nil too, and named so that it is kept.
    @inline(__always)
    public mutating func optional<Value: ArchiveDecodable>(_ type: Value.Type, _ index: Int) -> Value? {
        guard let field = raw[index] else { return nil }
        guard field != .uid(0) else {
            nulls.append(keys[index])
            return nil
        }
        return read(Value?.self, index, default: nil)
    }

    /// The keys to keep as they were: those not in ``keys``, and the known ones that were
    /// unreadable or `$null`.
    ///
    /// - Throws: the structural damage a field reached, first; then what reading the kept keys throws.
    public func keptFields(of coder: ArchiveDecoder) throws -> ArchivedFields {
        if let structural { throw structural }
        let kept = unreadable + nulls
        guard otherCount > 0 || !kept.isEmpty else { return ArchivedFields() }
        return try coder.decodeFields(except: keys.filter { key in !kept.contains { ExactString.equal($0, key) } })
    }
}
