import Foundation

/// A number stored as an `NSNumber`: inline under a key, a plain scalar entry as an object.
public protocol ArchiveNumber: ArchiveCodable {
    /// The plist scalar this number is written as.
    var archivedScalar: PropertyList { get }
    /// Makes the number from a plist integer, real or boolean, or nil if it does not fit.
    init?(archivedScalar: PropertyList)
}

extension ArchiveNumber {
    /// Writes the number as a shared `NSNumber` entry.
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        archiver.uid(forScalar: archivedScalar)
    }

    /// Writes the number inline, as `encodeInteger:forKey:` and friends do.
    public func encodeField(in archiver: KeyedArchiver) -> PropertyList {
        archivedScalar
    }

    /// Reads an `NSNumber` entry.
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> Self {
        try decodeField(unarchiver.object(uid), in: unarchiver)
    }

    /// Reads an inline number, or follows a UID to an `NSNumber` entry.
    public static func decodeField(_ value: PropertyList, in unarchiver: KeyedUnarchiver) throws -> Self {
        let scalar = try unarchiver.resolve(value)
        guard let number = Self(archivedScalar: scalar) else {
            throw ArchiveError(.typeMismatch, "expected a number that fits \(Self.self), found \(scalar.typeName) \(scalar.shortDescription)")
        }
        return number
    }
}

extension ArchiveNumber where Self: BinaryInteger {
    /// The integer as a plist integer (16 bytes on disk above `Int64.max`).
    public var archivedScalar: PropertyList {
        if let signed = Int64(exactly: self) { return .integer(signed) }
        return .integer(unsigned: UInt64(clamping: self))
    }

    /// Converts an integer, integral real or boolean scalar, if it fits exactly.
    public init?(archivedScalar scalar: PropertyList) {
        switch scalar {
        case .integer(let value): self.init(exactly: value)
        case .unsignedInteger(let value): self.init(exactly: value)
        case .real(let value): self.init(exactly: value)
        case .float(let value): self.init(exactly: value)
        case .bool(let value): self.init(value ? 1 : 0)
        default: return nil
        }
    }
}

extension Int: ArchiveNumber {}
extension Int8: ArchiveNumber {}
extension Int16: ArchiveNumber {}
extension Int32: ArchiveNumber {}
extension Int64: ArchiveNumber {}
extension UInt: ArchiveNumber {}
extension UInt8: ArchiveNumber {}
extension UInt16: ArchiveNumber {}
extension UInt32: ArchiveNumber {}
extension UInt64: ArchiveNumber {}

extension Double: ArchiveNumber {
    /// The number as an 8-byte real.
    public var archivedScalar: PropertyList { .real(self) }
    /// Converts any numeric scalar.
    public init?(archivedScalar: PropertyList) {
        if case .bool(let flag) = archivedScalar { self = flag ? 1 : 0; return }
        guard let value = archivedScalar.doubleValue else { return nil }
        self = value
    }
}

extension Float: ArchiveNumber {
    /// The number as a 4-byte real, as `encodeFloat:forKey:` writes.
    public var archivedScalar: PropertyList { .float(self) }
    /// Converts any numeric scalar (rounding a double to the nearest float).
    public init?(archivedScalar: PropertyList) {
        if case .float(let value) = archivedScalar { self = value; return }
        guard let value = Double(archivedScalar: archivedScalar) else { return nil }
        self = Float(value)
    }
}

extension Bool: ArchiveNumber {
    /// The boolean as a plist boolean.
    public var archivedScalar: PropertyList { .bool(self) }
    /// Converts a boolean, or a number (nonzero is true) as `NSNumber.boolValue` does.
    public init?(archivedScalar: PropertyList) {
        if case .bool(let flag) = archivedScalar { self = flag; return }
        guard let value = archivedScalar.doubleValue else { return nil }
        self = value != 0
    }
}

extension PropertyList {
    /// A short rendering of a scalar for error messages; containers give their size.
    var shortDescription: String {
        switch self {
        case .string(let text): return "\"\(text.prefix(40))\""
        case .integer(let value): return "\(value)"
        case .unsignedInteger(let value): return "\(value)"
        case .real(let value): return "\(value)"
        case .float(let value): return "\(value)"
        case .bool(let value): return "\(value)"
        case .date(let value): return PlistDateFormat.string(from: value) ?? "date \(value.timeIntervalSinceReferenceDate) s after 2001"
        case .data(let value): return "(\(value.count) bytes)"
        case .uid(let value): return "UID \(value)"
        case .array(let value): return "(\(value.count) elements)"
        case .dictionary(let value): return "(\(value.count) entries)"
        case .set(let value): return "(\(value.count) elements)"
        }
    }
}
