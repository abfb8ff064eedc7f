import Foundation
import KeyedArchive

/// The locations the user keeps ("House › Garage › Shelf 2"), which items pick from: each
/// checked by ``ItemRules/location(_:)`` (levels joined by " › "), each once (compared by code
/// point), in the order they were added.
///
/// Stored as `locations.plist` beside `items.archive` (a binary property list whose root is a
/// dictionary with `locations`, an array of strings; other keys are ignored), so the archive
/// stays exactly what the 2014 app reads. An item's location is its own text, not a reference:
/// removing a location from the list leaves the items where they are, and renaming one renames
/// it in the items too (``ItemStore/renameLocation(_:to:)``).
public struct LocationList: Sendable, Hashable {
    /// The file (or object) beside `items.archive`.
    public static let fileName = "locations.plist"
    /// The most locations the list can hold.
    public static let maxCount = 1_000
    /// The largest `locations.plist` read (1,000 locations of 800 bytes fit with room).
    public static let maxFileBytes = 2 << 20

    /// The locations, in the order they were added.
    public private(set) var names: [String]

    /// An empty list.
    public init() { names = [] }

    /// A list of `names` as they are (not checked; for tests and the decoder).
    init(unchecked names: [String]) { self.names = names }

    /// The index of `name` in the list (compared by code point), nil when it is not there.
    public func index(of name: String) -> Int? {
        names.firstIndex { ExactString.equal($0, name) }
    }

    /// Adds `text` (checked and spelled as ``ItemRules/location(_:)`` does) and returns it as
    /// stored.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` for a location breaking its rule, an empty
    ///   one, one already in the list, or a full list.
    @discardableResult
    public mutating func add(_ text: String) throws -> String {
        let name = try Self.checked(text)
        guard index(of: name) == nil else {
            throw HomepwnerError(.invalidValue, "\"\(name)\" is already in the list of locations")
        }
        guard names.count < Self.maxCount else {
            throw HomepwnerError(.invalidValue, "the list of locations can hold at most \(Self.maxCount) locations")
        }
        names.append(name)
        return name
    }

    /// Renames `old` (as stored) to `new` (checked as ``add(_:)`` does), in its place; returns
    /// the new name as stored.
    ///
    /// - Throws: ``HomepwnerError`` `.notFound` when `old` is not in the list, `.invalidValue`
    ///   for a new name breaking the rule or already in the list.
    @discardableResult
    public mutating func rename(_ old: String, to new: String) throws -> String {
        guard let position = index(of: old) else { throw Self.missing(old) }
        let name = try Self.checked(new)
        if let other = index(of: name), other != position {
            throw HomepwnerError(.invalidValue, "\"\(name)\" is already in the list of locations")
        }
        names[position] = name
        return name
    }

    /// Removes `name` (as stored) from the list.
    ///
    /// - Throws: ``HomepwnerError`` `.notFound` when it is not in the list.
    public mutating func remove(_ name: String) throws {
        guard let position = index(of: name) else { throw Self.missing(name) }
        names.remove(at: position)
    }

    /// The list as `locations.plist` (binary).
    public func encoded() -> Data {
        // A dictionary of strings cannot fail to encode as a binary property list.
        (try? PropertyList.dictionary([PropertyListKey("locations"): .array(names.map(PropertyList.string))]).encoded(as: .binary)) ?? Data()
    }

    /// The list in `locations.plist`'s bytes. Total: strings that are not locations by today's
    /// rules are kept as they are (they still show, and can be renamed or removed); entries
    /// that are not strings, and repeats, are skipped.
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` when the bytes are not such a property list.
    public static func decoded(_ data: Data) throws -> LocationList {
        let limits = ArchiveLimits.default
        guard let root = try? PropertyList(data: data, limits: limits), let entries = root["locations"]?.arrayValue else {
            throw HomepwnerError(.corrupt, "\(fileName) is not a property list with a list of locations")
        }
        var list = LocationList()
        for case .string(let name) in entries.prefix(maxCount) where list.index(of: name) == nil {
            list.names.append(name)
        }
        return list
    }

    /// `text` as a location, refusing an empty one.
    static func checked(_ text: String) throws -> String {
        guard let name = try ItemRules.location(text) else {
            throw HomepwnerError(.invalidValue, "a location cannot be empty")
        }
        return name
    }

    static func missing(_ name: String) -> HomepwnerError {
        HomepwnerError(.notFound, "\"\(name.prefix(200))\" is not in the list of locations")
    }
}

extension LocationList {
    /// Whether `location` is `name` or a place inside it ("House › Garage" is inside "House").
    public static func location(_ location: String, isWithin name: String) -> Bool {
        ExactString.equal(location, name) || location.utf8.starts(with: (name + ItemRules.locationSeparator).utf8)
    }

    /// `location` with its start `old` (itself or a place inside it) replaced by `new`; nil when
    /// it is not within `old`.
    public static func location(_ location: String, renaming old: String, to new: String) -> String? {
        guard Self.location(location, isWithin: old) else { return nil }
        return new + String(decoding: location.utf8.dropFirst(old.utf8.count), as: UTF8.self)
    }
}

extension LocationList {
    /// For each location of the list, in order, how many of `items` are there or inside it.
    public func itemCounts(in items: [Item]) -> [Int] {
        let locations = items.compactMap(\.location)
        return names.map { name in locations.reduce(0) { $0 + (Self.location($1, isWithin: name) ? 1 : 0) } }
    }
}
