import Foundation
import KeyedArchive

/// Whether two plists are the same value bit for bit: like `==`, but NaN reals and NaN dates
/// equal themselves, so round trips of arbitrary binary input can be checked.
func plistIdentical(_ a: PropertyList, _ b: PropertyList) -> Bool {
    switch (a, b) {
    case (.real(let x), .real(let y)): return x.bitPattern == y.bitPattern
    case (.float(let x), .float(let y)): return x.bitPattern == y.bitPattern
    case (.date(let x), .date(let y)): return x.timeIntervalSinceReferenceDate.bitPattern == y.timeIntervalSinceReferenceDate.bitPattern
    case (.array(let x), .array(let y)), (.set(let x), .set(let y)):
        return x.count == y.count && zip(x, y).allSatisfy(plistIdentical)
    case (.dictionary(let x), .dictionary(let y)):
        return x.count == y.count && x.allSatisfy { key, value in y[key].map { plistIdentical(value, $0) } ?? false }
    default:
        return a == b
    }
}
