import KeyedArchive

/// One of an item's photos, named by the file (in a bucket, the object) that holds it beside
/// `items.archive`.
///
/// The first photo is the 2014 app's file, named by the item key alone (`<Documents>/<itemKey>`),
/// so the 2014 app shows it. Each further photo is a file beside it named
/// `<itemKey>.photo-<sequence>` (``storedName``): the key first, so one listing of the item's
/// prefix finds every photo of an item, and those whose item is gone. The sequence (from 2, one
/// more than the item's largest) only keeps two uploads apart; the photos are numbered by their
/// place — the first photo, then the others by sequence — from 1.
public struct ItemPhoto: Sendable, Hashable {
    /// The most photos an item can have, the first included.
    public static let maxPerItem = 30
    /// What follows the item key in a further photo's stored name.
    static let marker = ".photo-"
    /// The largest sequence number a stored name may carry.
    static let maxSequence = 999_999

    /// The item it belongs to.
    public let itemKey: String
    /// Its sequence among the item's further photos (2…999,999); nil for the first photo.
    public let sequence: Int?

    /// Whether it is the first photo: the 2014 app's file.
    public var isFirst: Bool { sequence == nil }

    /// The name of its file beside `items.archive`: the item key for the first photo, else
    /// `<itemKey>.photo-<sequence>`.
    public var storedName: String {
        guard let sequence else { return itemKey }
        return "\(itemKey)\(Self.marker)\(sequence)"
    }

    /// The first photo of the item with `key`; nil for a key that is not an item key (a UUID).
    public init?(firstOf key: String) {
        guard ItemRules.isValidKey(key) else { return nil }
        self.itemKey = key
        self.sequence = nil
    }

    /// The further photo `sequence` of the item with `key`; nil for a key that is not a UUID or
    /// a sequence outside 2…999,999.
    public init?(itemKey key: String, sequence: Int) {
        guard ItemRules.isValidKey(key), (2...Self.maxSequence).contains(sequence) else { return nil }
        self.itemKey = key
        self.sequence = sequence
    }

    /// The photo a stored name names; nil for any other name (an attachment, the archive, a
    /// sequence with a leading zero or outside 2…999,999).
    public init?(storedName name: String) {
        if let first = Self(firstOf: name) {
            self = first
            return
        }
        let bytes = name.utf8
        guard bytes.count > 36 + Self.marker.utf8.count else { return nil }
        let key = String(decoding: bytes.prefix(36), as: UTF8.self)
        let rest = bytes.dropFirst(36)
        guard rest.starts(with: Self.marker.utf8) else { return nil }
        let digits = rest.dropFirst(Self.marker.utf8.count)
        guard (1...6).contains(digits.count), digits.allSatisfy({ (48...57).contains($0) }), digits.first != 48,
              let sequence = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
        self.init(itemKey: key, sequence: sequence)
    }

    /// Whether `self` comes before `other` among one item's photos: the first photo, then by sequence.
    public func precedes(_ other: ItemPhoto) -> Bool {
        (sequence ?? 1) < (other.sequence ?? 1)
    }

    /// `photos` by item key (by code point), then in an item's order.
    static func sorted(_ photos: [ItemPhoto]) -> [ItemPhoto] {
        photos.sorted { a, b in
            if !ExactString.equal(a.itemKey, b.itemKey) { return Array(a.itemKey.utf8).lexicographicallyPrecedes(Array(b.itemKey.utf8)) }
            return a.precedes(b)
        }
    }
}

/// One photo of an item as listed: where it is, its number by place (from 1), and a token that
/// changes whenever its file does (the blob's version: a file's ``DocumentStore/FileVersionTag``,
/// an object's ETag) — the API's `ETag` for it and the pages' `?v=`.
public struct ListedPhoto: Sendable, Hashable {
    /// Which photo.
    public let photo: ItemPhoto
    /// Its number among the item's photos, from 1 (the first photo is 1).
    public let number: Int
    /// Its version now.
    public let version: String

    /// Creates a listed photo.
    public init(photo: ItemPhoto, number: Int, version: String) {
        self.photo = photo
        self.number = number
        self.version = version
    }
}
