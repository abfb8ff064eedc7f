import Foundation
import KeyedArchive

/// Whether two plists hold the same data, reading numbers by value (a 4-byte real equals an
/// 8-byte real or an integer of the same value), sets as arrays, and dictionaries by key. Keys
/// and strings compare by exact scalars and dates to the bit (through ``PropertyList``'s `==`).
func plistEquivalent(_ a: PropertyList, _ b: PropertyList) -> Bool {
    switch (a, b) {
    case (.array(let left), .array(let right)), (.set(let left), .set(let right)),
         (.array(let left), .set(let right)), (.set(let left), .array(let right)):
        return left.count == right.count && zip(left, right).allSatisfy { plistEquivalent($0, $1) }
    case (.dictionary(let left), .dictionary(let right)):
        return left.count == right.count && left.allSatisfy { key, value in
            right[key].map { plistEquivalent(value, $0) } ?? false
        }
    case (.date(let left), .date(let right)):
        // To the bit: a date that moved by a fraction of a second was changed.
        return left.timeIntervalSinceReferenceDate.bitPattern == right.timeIntervalSinceReferenceDate.bitPattern
    default:
        guard a.typeName == "real" || b.typeName == "real", let left = a.doubleValue, let right = b.doubleValue else {
            return a == b
        }
        if left.isNaN || right.isNaN { return left.isNaN && right.isNaN }
        return isFloat(a) || isFloat(b) ? Float(left) == Float(right) : left == right
    }
}

private func isFloat(_ value: PropertyList) -> Bool {
    if case .float = value { return true }
    return false
}
