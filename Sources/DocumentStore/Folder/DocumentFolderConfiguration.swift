/// How a ``DocumentFolder`` names its bundles and their data files.
///
/// The app names its bundles' extension; the other settings default to what both original
/// apps share. The 2018 Scary Creatures layout is `bundleExtension: "scarycreature"`
/// (`N.scarycreature/Data.plist`); the 2010 one `bundleExtension: "scarybug"`,
/// `extensionMatching: .caseInsensitive`, `dataFileNames: ["data.plist"]`.
public struct DocumentFolderConfiguration: Sendable, Hashable {
    /// How bundle extensions are compared.
    public enum ExtensionMatching: Sendable, Hashable {
        /// Byte for byte (the 2018 app).
        case exact
        /// ASCII case-insensitively (the 2010 app used `NSCaseInsensitiveSearch`).
        case caseInsensitive
    }

    /// The bundle folders' extension, without the dot; new bundles get exactly this spelling.
    public var bundleExtension: String
    /// How an existing folder's extension is compared with ``bundleExtension``.
    public var extensionMatching: ExtensionMatching
    /// The names a bundle's data archive may have, in order of preference; a new bundle's data
    /// goes in the first, an existing bundle keeps the name it has.
    public var dataFileNames: [String]
    /// The largest data file read, in bytes; a bigger one is reported as corrupt.
    public var maxDataFileBytes: Int
    /// The folder, inside the root, where ``DocumentFolder/repair()`` moves bad bundles. Hidden,
    /// so the original apps and our listing skip it.
    public var quarantineFolderName: String

    /// Creates a configuration for bundles named `N.<bundleExtension>`.
    public init(
        bundleExtension: String,
        extensionMatching: ExtensionMatching = .exact,
        dataFileNames: [String] = ["Data.plist"],
        maxDataFileBytes: Int = 1 << 20,
        quarantineFolderName: String = ".quarantine"
    ) {
        self.bundleExtension = bundleExtension
        self.extensionMatching = extensionMatching
        self.dataFileNames = dataFileNames.isEmpty ? ["Data.plist"] : dataFileNames
        self.maxDataFileBytes = maxDataFileBytes
        self.quarantineFolderName = quarantineFolderName
    }

    /// The number of the bundle named `name`, or nil when the name is not a bundle's (the one
    /// rule listing and creation use).
    public func bundleID(fromName name: String) -> Int? {
        if case .bundle(let id) = BundleName.parse(name, configuration: self) { return id }
        return nil
    }

    /// The folder name of bundle `id` as this store writes it.
    public func bundleName(for id: Int) -> String {
        "\(id).\(bundleExtension)"
    }

    /// Whether `suffix` (after the last dot of a name) is the bundle extension.
    func matchesExtension(_ suffix: Substring) -> Bool {
        switch extensionMatching {
        case .exact:
            return suffix == bundleExtension
        case .caseInsensitive:
            let lhs = suffix.utf8, rhs = bundleExtension.utf8
            guard lhs.count == rhs.count else { return false }
            return zip(lhs, rhs).allSatisfy { Self.lowercased($0) == Self.lowercased($1) }
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
