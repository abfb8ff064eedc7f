import Foundation
import KeyedArchive

/// A named text field an item may have beyond the built-in ones ("Colour": "Walnut", "Insurance
/// policy": "HO-3 4471"), in the order added.
///
/// Archived inside the item (``Item/customFields``, the `BNRItem` key `customFields`: an
/// `NSArray`) as an object of class `HPCustomField` with the `NSString`s `name` and `value`. The
/// 2014 app never decodes the key, so it still reads the item.
///
/// Decoding is total, as ``Item``'s: a key holding a well-formed value of another type reads as
/// empty text, is named in ``unreadableFields`` and kept in ``otherFields``; keys this version
/// does not know are kept and written back.
public struct CustomField: Archivable, Sendable, Hashable, KeepsUnreadFields {
    /// The Objective-C class name the fields are archived under.
    public static let archiveClassName = "HPCustomField"

    /// Its name, one line ("Colour").
    public var name: String { didSet { replaceKept("name") } }
    /// Its value, one line ("Walnut").
    public var value: String { didSet { replaceKept("value") } }
    /// Keys this version does not know, and known keys that held a value of another type.
    public var otherFields: ArchivedFields
    /// The known keys that held a value of another type when read (not archived).
    public var unreadableFields: [String]

    /// Creates a field without checking the rules (see ``ItemRules/customField(name:value:)``).
    public init(name: String, value: String) {
        self.name = name
        self.value = value
        self.otherFields = ArchivedFields()
        self.unreadableFields = []
    }

    /// The keys this model reads, in the order it writes them.
    static let knownKeys = ["name", "value"]

    /// Writes `name` and `value`, then the kept keys.
    public func encode(with coder: inout ArchiveEncoder) {
        coder.encode(name, forKey: "name")
        coder.encode(value, forKey: "value")
        coder.encode(otherFields)
    }

    /// Reads the two keys (missing ones, and values of another type, read as empty text) and
    /// keeps every other key.
    ///
    /// - Throws: ``KeyedArchive/ArchiveError`` when a key reaches damage in the file's structure.
    public init(from coder: ArchiveDecoder) throws {
        var fields = try TotalFieldReader(coder, keys: Self.knownKeys)
        name = fields.read(String.self, 0, default: "")
        value = fields.read(String.self, 1, default: "")
        otherFields = try fields.keptFields(of: coder)
        unreadableFields = fields.unreadable
    }
}
