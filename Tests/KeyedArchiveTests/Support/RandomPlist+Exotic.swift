import Foundation
import KeyedArchive

/// The values that used to be lost: canonically equivalent strings, fractional and extreme
/// dates, dictionaries that look like JSON markers, negative zero.
extension RandomPlist {
    /// Pieces of strings, with every canonically equivalent form of a few letters.
    static let exoticPieces: [String] = equivalentStrings + ["a", "Z", " ", "$", "😀", "\n", "<", "&", "\""]

    /// A string made of equivalent forms (so pairs of them are often canonically equal).
    mutating func exoticString() -> String {
        let count = Int.random(in: 0...3, using: &generator)
        return (0..<count).map { _ in Self.exoticPieces.randomElement(using: &generator) ?? "" }.joined()
    }

    /// Seconds since 2001 that XML and the ISO text cannot hold exactly: fractions, before 1970
    /// and 2001, far past and future, -0. With `microseconds`, only what Python's `datetime`
    /// holds (years 1–9999, whole microseconds), so plistlib can carry it.
    mutating func exoticSeconds(microseconds: Bool) -> Double {
        if microseconds {
            let micros = Int64.random(in: -63_113_904_000_000_000...252_423_993_599_000_000, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: return Double(micros / 1_000_000) // whole seconds
            case 1: return Double(Int64.random(in: -2_000_000...2_000_000, using: &generator)) / 1_000_000 // near 2001
            default: return Double(micros) / 1_000_000
            }
        }
        switch Int.random(in: 0..<9, using: &generator) {
        case 0: return -0.0
        case 1: return Double.random(in: -1...1, using: &generator)
        case 2: return Double.random(in: -1e12...1e12, using: &generator) // years about -29700 to 33700
        case 3: return Double.random(in: -1e17...1e17, using: &generator)
        case 4: return Double(Int64.random(in: -63_113_904_000...252_423_993_599, using: &generator)) + 0.5
        case 5: return -978_307_200.25 // 1969-12-31T23:59:59.75Z
        case 6: return .leastNonzeroMagnitude
        case 7: return Double(Int64.random(in: -3_000_000_000...3_000_000_000, using: &generator))
        default: return Double.random(in: -1e9...1e9, using: &generator)
        }
    }

    /// A dictionary that looks like a marker of the JSON form.
    mutating func markerLookalike(withUID: Bool = true) -> PropertyList {
        let choices: [PropertyList] = [
            .dictionary(["$date": .string("2001-01-01T00:00:00Z")]),
            .dictionary(["$date": .real(12.5)]),
            .dictionary(["$uid": .integer(3)]),
            .dictionary(["$data": .string("AAAA")]),
            .dictionary(["$real": .string("nan")]),
            .dictionary(["$float": .real(1.5)]),
            .dictionary(["$set": .array([])]),
            .dictionary(["$dict": .dictionary(["$uid": .integer(3)])]),
            .dictionary(["$dict": .string("not an object")]),
            .dictionary(["$class": withUID ? .uid(7) : .integer(7)]),
            .dictionary(["$": .bool(true)]),
            .dictionary(["CF$UID": .string("not a UID")]),
        ]
        return choices.randomElement(using: &generator) ?? .dictionary([:])
    }

    /// A random exotic scalar. `forPython` keeps to what plistlib can carry: microsecond dates in
    /// its years, no NaN, no 4-byte reals (it widens them).
    mutating func exoticScalar(forPython: Bool) -> PropertyList {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0, 1: return .string(exoticString())
        case 2: return .date(Date(timeIntervalSinceReferenceDate: exoticSeconds(microseconds: forPython)))
        case 3: return .real(Bool.random(using: &generator) ? -0.0 : Double.random(in: -1e300...1e300, using: &generator))
        case 4: return forPython ? .real(-0.0) : .float(Bool.random(using: &generator) ? -0.0 : Float.random(in: -1e30...1e30, using: &generator))
        case 5: return markerLookalike(withUID: !forPython)
        case 6: return .integer(Int64.random(in: Int64.min...Int64.max, using: &generator))
        default: return .data(Data((0..<Int.random(in: 0...9, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        }
    }

    /// A random tree of exotic values, with exotic keys (often canonically equal to each other).
    mutating func exoticValue(forPython: Bool, depth: Int = 0) -> PropertyList {
        guard depth < 4, Int.random(in: 0..<3, using: &generator) == 0 else { return exoticScalar(forPython: forPython) }
        let count = Int.random(in: 0...6, using: &generator)
        if Bool.random(using: &generator) {
            return .array((0..<count).map { _ in exoticValue(forPython: forPython, depth: depth + 1) })
        }
        var entries: [PropertyListKey: PropertyList] = [:]
        for _ in 0..<count { entries[PropertyListKey(exoticString())] = exoticValue(forPython: forPython, depth: depth + 1) }
        return .dictionary(entries)
    }
}

/// What a plist becomes after a trip through XML: dates rounded down to whole seconds (as every
/// XML writer does), 4-byte reals widened, sets as arrays.
func xmlImage(_ value: PropertyList) -> PropertyList {
    switch value {
    case .date(let date):
        return .date(Date(timeIntervalSinceReferenceDate: (date.timeIntervalSince1970.rounded(.down)) - 978_307_200))
    case .float(let number): return .real(Double(number))
    case .set(let elements), .array(let elements): return .array(elements.map(xmlImage))
    case .dictionary(let entries): return .dictionary(entries.mapValues(xmlImage))
    default: return value
    }
}
