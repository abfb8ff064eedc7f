import Foundation

extension ArchivedValue {
    /// Whether the two are the same archived value: strings by exact scalars, reals and dates by
    /// bit pattern, collections element by element.
    public static func == (lhs: ArchivedValue, rhs: ArchivedValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.string(let a), .string(let b)): return ExactString.equal(a, b)
        case (.integer(let a), .integer(let b)): return a == b
        case (.unsignedInteger(let a), .unsignedInteger(let b)): return a == b
        case (.real(let a), .real(let b)): return a.bitPattern == b.bitPattern
        case (.bool(let a), .bool(let b)): return a == b
        case (.data(let a), .data(let b)): return a == b
        case (.date(let a), .date(let b)):
            return a.timeIntervalSinceReferenceDate.bitPattern == b.timeIntervalSinceReferenceDate.bitPattern
        case (.uuid(let a), .uuid(let b)): return a == b
        case (.url(let a), .url(let b)): return a == b
        case (.array(let a), .array(let b)), (.set(let a), .set(let b)), (.orderedSet(let a), .orderedSet(let b)): return a == b
        case (.dictionary(let a), .dictionary(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        case (.reference(let a), .reference(let b)): return a == b
        default: return false
        }
    }

    /// Hashes consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .string(let text):
            hasher.combine(1 as UInt8)
            ExactString.hash(text, into: &hasher)
        case .integer(let number): hasher.combine(2 as UInt8); hasher.combine(number)
        case .unsignedInteger(let number): hasher.combine(3 as UInt8); hasher.combine(number)
        case .real(let number): hasher.combine(4 as UInt8); hasher.combine(number.bitPattern)
        case .bool(let flag): hasher.combine(5 as UInt8); hasher.combine(flag)
        case .data(let bytes): hasher.combine(6 as UInt8); hasher.combine(bytes)
        case .date(let date): hasher.combine(7 as UInt8); hasher.combine(date.timeIntervalSinceReferenceDate.bitPattern)
        case .uuid(let uuid): hasher.combine(8 as UInt8); hasher.combine(uuid)
        case .url(let url): hasher.combine(9 as UInt8); hasher.combine(url)
        case .array(let items): hasher.combine(10 as UInt8); hasher.combine(items)
        case .set(let items): hasher.combine(11 as UInt8); hasher.combine(items)
        case .orderedSet(let items): hasher.combine(12 as UInt8); hasher.combine(items)
        case .dictionary(let entries): hasher.combine(13 as UInt8); hasher.combine(entries)
        case .object(let object): hasher.combine(14 as UInt8); hasher.combine(object)
        case .reference(let uid): hasher.combine(15 as UInt8); hasher.combine(uid)
        }
    }
}

extension ArchivedObject {
    /// Whether the two objects have the same UID, class chain (by exact scalars) and fields.
    public static func == (lhs: ArchivedObject, rhs: ArchivedObject) -> Bool {
        lhs.uid == rhs.uid && lhs.fields == rhs.fields
            && lhs.classes.count == rhs.classes.count && zip(lhs.classes, rhs.classes).allSatisfy(ExactString.equal)
    }

    /// Hashes consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(uid)
        hasher.combine(fields)
        for name in classes { ExactString.hash(name, into: &hasher) }
    }
}
