import Foundation

/// A property list value: the tree that binary (`bplist00`) and XML plists store.
///
/// Integers keep the full range Apple's writers produce: `.integer` holds every value that fits
/// in `Int64`, `.unsignedInteger` only values above `Int64.max` (stored as 16 bytes on disk).
/// Reals keep their width so a 4-byte `encodeFloat:` value is written back as 4 bytes.
///
/// Equality means "the same plist": strings and dictionary keys compare by exact Unicode
/// scalars (see ``PropertyListKey``), reals, floats and dates by bit pattern (so `-0.0` differs
/// from `0.0` and a NaN equals the same NaN), sets and arrays in order.
public enum PropertyList: Sendable, Hashable {
    /// A string (ASCII or UTF-16 on disk).
    case string(String)
    /// A signed integer that fits in 64 bits.
    case integer(Int64)
    /// An integer above `Int64.max`; readers never produce it for smaller values.
    case unsignedInteger(UInt64)
    /// An 8-byte IEEE real.
    case real(Double)
    /// A 4-byte IEEE real, as `encodeFloat:forKey:` and float `NSNumber`s write.
    case float(Float)
    /// A boolean.
    case bool(Bool)
    /// A date (seconds since 2001-01-01 UTC on disk).
    case date(Date)
    /// Raw bytes.
    case data(Data)
    /// A keyed-archive object reference (an index into `$objects`).
    case uid(UInt32)
    /// An ordered list of values.
    case array([PropertyList])
    /// A string-keyed dictionary; keys compare by exact scalars. Writers sort the keys.
    case dictionary([PropertyListKey: PropertyList])
    /// A set (binary plists only; XML writers emit it as an array).
    case set([PropertyList])
}

extension PropertyList {
    /// Makes an integer value from any unsigned 64-bit number, choosing the normalised case.
    public static func integer(unsigned value: UInt64) -> PropertyList {
        value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, if this is an integer that fits in `Int64`.
    public var int64Value: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The value as a `Double`, if this is a real, float or integer.
    public var doubleValue: Double? {
        switch self {
        case .real(let value): return value
        case .float(let value): return Double(value)
        case .integer(let value): return Double(value)
        case .unsignedInteger(let value): return Double(value)
        default: return nil
        }
    }

    /// The boolean, if this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The bytes, if this is data.
    public var dataValue: Data? {
        if case .data(let value) = self { return value }
        return nil
    }

    /// The UID, if this is a keyed-archive reference.
    public var uidValue: UInt32? {
        if case .uid(let value) = self { return value }
        return nil
    }

    /// The value under `key`, if this is a dictionary that has it (keys compared by exact scalars).
    public subscript(key: String) -> PropertyList? {
        if case .dictionary(let entries) = self { return entries[PropertyListKey(key)] }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [PropertyList]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The entries, if this is a dictionary.
    public var dictionaryValue: [PropertyListKey: PropertyList]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// A short name of the value's type, for error messages ("string", "dictionary", …).
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .integer, .unsignedInteger: return "integer"
        case .real, .float: return "real"
        case .bool: return "boolean"
        case .date: return "date"
        case .data: return "data"
        case .uid: return "UID"
        case .array: return "array"
        case .dictionary: return "dictionary"
        case .set: return "set"
        }
    }
}
