import Foundation
import KeyedArchive
import TestSupport

/// Random plists of every kind, for property-based round trips.
struct RandomPlist {
    var generator: SplitMix64
    /// Whether to produce UIDs (plain plist APIs such as plistlib do not know them).
    var includeUIDs = true

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func string() -> String {
        let alphabet: [String] = ["a", "Z", "0", " ", "é", "ß", "中", "😀", "👩‍👩‍👧", "\n", "<", "&", "\"", "$null", "NS.objects"]
        let count = Int.random(in: 0...12, using: &generator)
        return (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? "" }.joined()
    }

    mutating func scalar() -> PropertyList {
        switch Int.random(in: 0..<11, using: &generator) {
        case 0: return .string(string())
        case 1: return .integer(Int64.random(in: Int64.min...Int64.max, using: &generator))
        case 2: return .integer(Int64.random(in: -300...70_000, using: &generator))
        case 3: return .integer(unsigned: UInt64.random(in: UInt64(Int64.max)...UInt64.max, using: &generator))
        case 4: return .real(Double.random(in: -1e12...1e12, using: &generator))
        case 5: return .float(Float.random(in: -1000...1000, using: &generator))
        case 6: return .bool(Bool.random(using: &generator))
        case 7: return .date(Date(timeIntervalSinceReferenceDate: Double(Int64.random(in: -3_000_000_000...3_000_000_000, using: &generator))))
        case 8: return .data(Data((0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        case 9 where includeUIDs: return .uid(UInt32.random(in: 0...UInt32.max, using: &generator))
        default: return .string(string())
        }
    }

    mutating func value(depth: Int = 0) -> PropertyList {
        guard depth < 6, Int.random(in: 0..<3, using: &generator) == 0 else { return scalar() }
        let count = Int.random(in: 0...6, using: &generator)
        if Bool.random(using: &generator) {
            return .array((0..<count).map { _ in value(depth: depth + 1) })
        }
        var entries: [PropertyListKey: PropertyList] = [:]
        for _ in 0..<count { entries[PropertyListKey(string())] = value(depth: depth + 1) }
        return .dictionary(entries)
    }
}
