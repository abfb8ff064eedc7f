import Foundation

extension PropertyList {
    /// Whether the two are the same plist: strings by exact scalars, reals, floats and dates by
    /// bit pattern, containers element by element (dictionaries by exact key).
    public static func == (lhs: PropertyList, rhs: PropertyList) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): return ExactString.equal(a, b)
        case (.integer(let a), .integer(let b)): return a == b
        case (.unsignedInteger(let a), .unsignedInteger(let b)): return a == b
        case (.real(let a), .real(let b)): return a.bitPattern == b.bitPattern
        case (.float(let a), .float(let b)): return a.bitPattern == b.bitPattern
        case (.bool(let a), .bool(let b)): return a == b
        case (.date(let a), .date(let b)):
            return a.timeIntervalSinceReferenceDate.bitPattern == b.timeIntervalSinceReferenceDate.bitPattern
        case (.data(let a), .data(let b)): return a == b
        case (.uid(let a), .uid(let b)): return a == b
        case (.array(let a), .array(let b)), (.set(let a), .set(let b)): return a == b
        case (.dictionary(let a), .dictionary(let b)): return a == b
        default: return false
        }
    }

    /// Hashes consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let text):
            hasher.combine(0 as UInt8)
            ExactString.hash(text, into: &hasher)
        case .integer(let number):
            hasher.combine(1 as UInt8)
            hasher.combine(number)
        case .unsignedInteger(let number):
            hasher.combine(2 as UInt8)
            hasher.combine(number)
        case .real(let number):
            hasher.combine(3 as UInt8)
            hasher.combine(number.bitPattern)
        case .float(let number):
            hasher.combine(4 as UInt8)
            hasher.combine(number.bitPattern)
        case .bool(let flag):
            hasher.combine(5 as UInt8)
            hasher.combine(flag)
        case .date(let date):
            hasher.combine(6 as UInt8)
            hasher.combine(date.timeIntervalSinceReferenceDate.bitPattern)
        case .data(let bytes):
            hasher.combine(7 as UInt8)
            hasher.combine(bytes)
        case .uid(let number):
            hasher.combine(8 as UInt8)
            hasher.combine(number)
        case .array(let elements):
            hasher.combine(9 as UInt8)
            hasher.combine(elements)
        case .dictionary(let entries):
            hasher.combine(10 as UInt8)
            hasher.combine(entries)
        case .set(let elements):
            hasher.combine(11 as UInt8)
            hasher.combine(elements)
        }
    }
}
