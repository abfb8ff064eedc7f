import Foundation
import KeyedArchive

/// A document kept beside an item's photo — a receipt, a manual, warranty papers: a PDF, JPEG
/// or PNG (told by its first bytes, never by its name), at most ``maxBytes``, kept byte for byte.
///
/// Stored as a file (in a bucket, an object) directly beside `items.archive`, named
/// `<itemKey>.attachment-<number>-<file name>` (``storedName``): the item key first, so the
/// files of an item, and those whose item is gone, are found by one listing of the folder (or
/// of the prefix) that photos already use; no folder per item to create, sync or leave empty.
/// The number (from 1, one more than the item's largest) keeps two uploads of one file name
/// apart; the file name is the uploaded one made safe (``safeFileName(_:kind:)``).
public struct Attachment: Sendable, Hashable {
    /// What an attachment can be.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A PDF (`%PDF-`).
        case pdf
        /// A JPEG (`FF D8 FF`).
        case jpeg
        /// A PNG (its 8-byte signature).
        case png

        /// Its media type.
        public var contentType: String {
            switch self {
            case .pdf: "application/pdf"
            case .jpeg: "image/jpeg"
            case .png: "image/png"
            }
        }

        /// Its file name extension.
        public var fileExtension: String {
            switch self {
            case .pdf: "pdf"
            case .jpeg: "jpg"
            case .png: "png"
            }
        }

        /// The kind whose magic bytes `bytes` start with (`%PDF-`, `FF D8 FF`, the PNG
        /// signature); nil for anything else.
        public static func sniff(_ bytes: some Collection<UInt8>) -> Kind? {
            let head = Array(bytes.prefix(8))
            if head.starts(with: [0x25, 0x50, 0x44, 0x46, 0x2D]) { return .pdf }
            if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
            if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
            return nil
        }
    }

    /// The largest attachment: 20 MiB.
    public static let maxBytes = 20 << 20
    /// The most attachments an item can have.
    public static let maxPerItem = 100
    /// The longest file name kept, in bytes (ASCII), extension included.
    public static let maxFileNameBytes = 100
    /// What follows the item key in a stored name.
    static let marker = ".attachment-"

    /// The item it belongs to.
    public let itemKey: String
    /// Its number among the item's attachments (from 1).
    public let number: Int
    /// Its file name as stored (safe: ASCII letters, digits, `.`, `_`, `-`).
    public let fileName: String

    /// Its kind by the name's extension (the bytes were checked when it was stored, and are
    /// sniffed again when it is read).
    public var kind: Kind? {
        let ext = fileName.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return Kind.allCases.first { $0.fileExtension == ext || ($0 == .jpeg && ext == "jpeg") }
    }

    /// The name of its file beside `items.archive`: `<itemKey>.attachment-<number>-<fileName>`.
    public var storedName: String { "\(itemKey)\(Self.marker)\(number)-\(fileName)" }

    /// Creates the attachment `number` of the item `itemKey`, named `fileName` (already safe).
    public init(itemKey: String, number: Int, fileName: String) {
        self.itemKey = itemKey
        self.number = number
        self.fileName = fileName
    }

    /// The attachment a stored name names; nil for any other name (a photo, the archive, a name
    /// whose key is not a UUID, a number that is not 1…999,999, a file name that is not safe).
    public init?(storedName name: String) {
        guard name.utf8.count > 36 + Self.marker.utf8.count + 2 else { return nil }
        let key = String(decoding: name.utf8.prefix(36), as: UTF8.self)
        guard ItemRules.isValidKey(key) else { return nil }
        let rest = name.utf8.dropFirst(36)
        guard rest.starts(with: Self.marker.utf8) else { return nil }
        let tail = rest.dropFirst(Self.marker.utf8.count)
        guard let dash = tail.firstIndex(of: UInt8(ascii: "-")) else { return nil }
        let digits = tail[..<dash]
        guard (1...6).contains(digits.count), digits.allSatisfy({ (48...57).contains($0) }), digits.first != 48,
              let number = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
        let fileName = String(decoding: tail[tail.index(after: dash)...], as: UTF8.self)
        guard !fileName.isEmpty, ExactString.equal(Self.safeName(fileName), fileName) else { return nil }
        self.init(itemKey: key, number: number, fileName: fileName)
    }

    /// `given` (an uploaded file's name) as a stored file name: its last path component, each
    /// character but ASCII letters, digits, `.`, `-` and `_` as `_`, no leading dot, at most
    /// ``maxFileNameBytes`` bytes, and ending in the extension of `kind` (added when it has
    /// another one). An empty name becomes `attachment.<ext>`.
    public static func safeFileName(_ given: String, kind: Kind) -> String {
        let last = given.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var name = safeName(String(last.prefix(200)))
        while name.hasPrefix(".") { name.removeFirst() }
        var stem = name
        if let dot = name.lastIndex(of: "."), Kind.allCases.contains(where: { kind == $0 }),
           [kind.fileExtension, kind == .jpeg ? "jpeg" : kind.fileExtension].contains(name[name.index(after: dot)...].lowercased()) {
            stem = String(name[..<dot])
        }
        if stem.isEmpty { stem = "attachment" }
        let suffix = "." + kind.fileExtension
        return String(stem.prefix(maxFileNameBytes - suffix.utf8.count)) + suffix
    }

    /// `text` with every character but ASCII letters, digits, `.`, `-` and `_` as `_`.
    static func safeName(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || ".-_".unicodeScalars.contains(scalar)) ? scalar : "_"
        }))
    }
}
