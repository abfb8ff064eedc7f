/// Bundle folder names: `N.<extension>` with N a positive decimal number without leading zeros,
/// at most 18 digits. The one rule for listing, creating, importing and layout detection.
enum BundleName {
    /// The largest bundle number accepted; creation never goes past it.
    static let largestID = 999_999_999_999_999_999

    /// What a folder entry's name says about it.
    enum Parsed: Equatable {
        /// A bundle numbered `id`.
        case bundle(id: Int)
        /// It has the bundle extension but its number is not a positive number.
        case badNumber
        /// Not a bundle (another extension, a hidden file).
        case other
    }

    /// Parses `name` against the configured extension.
    static func parse(_ name: String, configuration: DocumentFolderConfiguration) -> Parsed {
        var utf8 = Substring(name).utf8
        guard let first = utf8.first, first != UInt8(ascii: ".") else { return .other }
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return .other }
        let suffix = Substring(utf8[utf8.index(after: dot)...])
        guard configuration.matchesExtension(suffix) else { return .other }
        utf8 = utf8[..<dot]
        guard !utf8.isEmpty, utf8.count <= 18, utf8.first != UInt8(ascii: "0") else { return .badNumber }
        var id = 0
        for byte in utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return .badNumber }
            id = id * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return .bundle(id: id)
    }

    /// Whether `id` is a number a bundle may have.
    static func isValid(_ id: Int) -> Bool {
        id > 0 && id <= largestID
    }
}
