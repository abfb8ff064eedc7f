import Foundation
import KeyedArchive

/// Whether two plists are the same value bit for bit. `PropertyList`'s `==` is exactly that
/// (strings by scalars, reals and dates by bit pattern, so a NaN equals itself); this name
/// keeps the round-trip tests of arbitrary binary input saying what they check.
func plistIdentical(_ a: PropertyList, _ b: PropertyList) -> Bool {
    a == b
}
