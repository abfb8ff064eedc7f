import Foundation
import KeyedArchive

/// Whose inventory it is and how it is insured: the block at the top of the insurance report,
/// set once. Kept in `owner.plist` beside `items.archive` (in a bucket, the object
/// `PREFIX/owner.plist`) — never in the archive, which the 2014 app reads.
///
/// The file is a binary property list: a dictionary of strings under the keys `name`,
/// `address`, `insurer` and `policyNumber`, each present only when set. Keys this version does
/// not know, and known keys holding something other than a string, are kept as they were.
public struct InventoryOwner: Sendable, Equatable {
    /// The file's name beside `items.archive`.
    public static let fileName = "owner.plist"
    /// The largest `owner.plist` read (64 KiB): more is a damaged file, not a block to read.
    public static let maxFileBytes = 64 << 10
    /// The longest name, insurer or policy number, in characters.
    public static let maxLineLength = 200
    /// The longest address, in characters (line breaks allowed).
    public static let maxAddressLength = 500

    /// Whose inventory it is ("Ana and Tom Rivera").
    public var name: String?
    /// Where they live (may have line breaks).
    public var address: String?
    /// Who insures it ("Acme Mutual").
    public var insurer: String?
    /// The policy's number.
    public var policyNumber: String?
    /// Keys this version does not know, and known keys that held something else, as read.
    public var otherFields: [PropertyListKey: PropertyList]

    /// A block with nothing set.
    public init(name: String? = nil, address: String? = nil, insurer: String? = nil, policyNumber: String? = nil) {
        self.name = name
        self.address = address
        self.insurer = insurer
        self.policyNumber = policyNumber
        self.otherFields = [:]
    }

    /// Whether nothing is set (the report then has no block).
    public var isEmpty: Bool { name == nil && address == nil && insurer == nil && policyNumber == nil }

    /// A change of the block: each field that is not nil gets its new value, checked (an empty
    /// text clears it).
    public struct Changes: Sendable, Equatable {
        public var name: String?
        public var address: String?
        public var insurer: String?
        public var policyNumber: String?

        /// A change of the fields given.
        public init(name: String? = nil, address: String? = nil, insurer: String? = nil, policyNumber: String? = nil) {
            self.name = name
            self.address = address
            self.insurer = insurer
            self.policyNumber = policyNumber
        }

        /// Whether it changes nothing.
        public var isEmpty: Bool { name == nil && address == nil && insurer == nil && policyNumber == nil }
    }

    /// `changes` checked and applied: texts trimmed, an empty one clears its field; the name,
    /// insurer and policy number at most 200 characters on one line, the address at most 500
    /// with line breaks; no control characters.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` for the first field breaking its rule
    ///   (nothing is applied).
    public mutating func apply(_ changes: Changes) throws {
        func line(_ text: String?, _ what: String) throws -> String?? {
            try text.map { try ItemRules.checkedText($0, as: what, maxLength: Self.maxLineLength, lineBreaks: false) }
        }
        let name = try line(changes.name, "the owner's name")
        let address = try changes.address.map { try ItemRules.checkedText($0, as: "the owner's address", maxLength: Self.maxAddressLength, lineBreaks: true) }
        let insurer = try line(changes.insurer, "the insurer")
        let policy = try line(changes.policyNumber, "the policy number")
        if let name { set(name, "name", \.name) }
        if let address { set(address, "address", \.address) }
        if let insurer { set(insurer, "insurer", \.insurer) }
        if let policy { set(policy, "policyNumber", \.policyNumber) }
    }

    private mutating func set(_ value: String?, _ key: String, _ field: WritableKeyPath<InventoryOwner, String?>) {
        self[keyPath: field] = value
        otherFields[PropertyListKey(key)] = nil
    }

    /// The block as `owner.plist` (binary).
    public func encoded() -> Data {
        var fields = otherFields
        for (key, value) in [("name", name), ("address", address), ("insurer", insurer), ("policyNumber", policyNumber)] {
            if let value { fields[PropertyListKey(key)] = .string(value) }
        }
        // A dictionary of plist values read from a plist cannot fail to encode again.
        return (try? PropertyList.dictionary(fields).encoded(as: .binary)) ?? Data()
    }

    /// The block in `owner.plist`'s bytes. Total: a known key holding something other than a
    /// string is kept as it was and reads as not set.
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` when the bytes are not a property list dictionary.
    public static func decoded(_ data: Data) throws -> InventoryOwner {
        guard let root = try? PropertyList(data: data, limits: .default), case .dictionary(let fields) = root else {
            throw HomepwnerError(.corrupt, "\(fileName) is not a property list with the owner's details")
        }
        var others = fields
        func take(_ key: String) -> String? {
            guard case .string(let value)? = fields[PropertyListKey(key)] else { return nil }
            others[PropertyListKey(key)] = nil
            return value
        }
        var owner = InventoryOwner(name: take("name"), address: take("address"), insurer: take("insurer"), policyNumber: take("policyNumber"))
        owner.otherFields = others
        return owner
    }
}

extension InventoryOwner: Encodable {
    private enum CodingKeys: String, CodingKey { case name, address, insurer, policyNumber }

    /// The four fields, each only when set (the kept keys of other programs are not shown): what
    /// `owner show --json` prints and the report's block shows.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(address, forKey: .address)
        try container.encodeIfPresent(insurer, forKey: .insurer)
        try container.encodeIfPresent(policyNumber, forKey: .policyNumber)
    }
}
