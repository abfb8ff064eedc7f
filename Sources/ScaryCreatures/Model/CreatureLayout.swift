import DocumentStore
import Foundation
import Imaging
import KeyedArchive

/// How a data folder is laid out: the 2018 Swift app's or the 2010 Objective-C app's.
public struct CreatureLayout: Sendable, Hashable {
    /// Which app's layout.
    public enum Kind: String, Sendable, Hashable {
        /// `N.scarycreature/Data.plist` (top key `root`), `thumbImage.png`, `fullImage.png|jpg`.
        case scaryCreatures2018
        /// `N.scarybug/data.plist` (top key `Data`, class `ScaryBugData`), images named `.jpg`
        /// that hold PNG bytes; the extension is compared case-insensitively.
        case scaryBugs2010
    }

    /// Which layout.
    public var kind: Kind
    /// The bundle naming of this layout.
    public var folder: DocumentFolderConfiguration
    /// The `$top` key of the data archive.
    public var topKey: String
    /// The thumbnail's file name.
    public var thumbnailName: String

    /// The 2018 Scary Creatures layout (what we create).
    public static let scaryCreatures = CreatureLayout(
        kind: .scaryCreatures2018,
        folder: DocumentFolderConfiguration(bundleExtension: "scarycreature", dataFileNames: ["Data.plist", "data.plist"]),
        topKey: "root",
        thumbnailName: "thumbImage.png"
    )

    /// The 2010 Scary Bugs layout.
    public static let scaryBugs = CreatureLayout(
        kind: .scaryBugs2010,
        folder: DocumentFolderConfiguration(bundleExtension: "scarybug", extensionMatching: .caseInsensitive, dataFileNames: ["data.plist", "Data.plist"]),
        topKey: "Data",
        thumbnailName: "thumbImage.jpg"
    )

    /// Every name a full photo may have, in either layout.
    public static let fullImageNames = ["fullImage.png", "fullImage.jpg", "fullImage.jpeg"]
    /// Every name a thumbnail may have, in either layout.
    public static let thumbnailNames = ["thumbImage.png", "thumbImage.jpg"]

    /// The file name a new full photo of `format` gets: by content in the 2018 layout; always
    /// `fullImage.jpg` in the 2010 one, which is what that app opens.
    public func fullImageName(for format: ImageFormat) -> String {
        kind == .scaryBugs2010 ? "fullImage.jpg" : "fullImage.\(format.fileExtension)"
    }

    /// The data archive for `data` as this layout's app wrote it.
    ///
    /// What is written must read back: an archive larger than the store reads
    /// (``DocumentFolderConfiguration/maxDataFileBytes``) or one the reader's limits refuse is an
    /// error here, before anything is written, never a creature that vanishes after the change.
    /// - Throws: ``ScaryCreaturesError`` `.storage` saying why.
    public func encode(_ data: ScaryCreatureData) throws -> Data {
        let archiver = KeyedArchiver()
        switch kind {
        case .scaryCreatures2018: archiver.encode(data, forKey: topKey)
        case .scaryBugs2010: archiver.encode(ScaryBugData(data), forKey: topKey)
        }
        let bytes = try archiver.encodedData()
        guard bytes.count <= folder.maxDataFileBytes else {
            throw ScaryCreaturesError(.storage, "the creature's data would be \(bytes.count) bytes, more than the \(folder.maxDataFileBytes) a data file may have; nothing was changed")
        }
        do {
            _ = try Self.decode(bytes)
        } catch {
            throw ScaryCreaturesError(.storage, "the creature's data would not read back (\(error)); nothing was changed")
        }
        return bytes
    }

    /// Decodes a data archive of either app (top key `root` or `Data`).
    ///
    /// - Throws: ``KeyedArchive/ArchiveError`` for damaged bytes or another class (`.classMismatch`).
    public static func decode(_ bytes: Data) throws -> ScaryCreatureData {
        let unarchiver = try KeyedUnarchiver(data: bytes)
        for key in ["root", "Data"] {
            if let data = try unarchiver.decode(ScaryCreatureData.self, forKey: key) { return data }
        }
        throw ArchiveError(.missingValue, "the archive has no creature under the top key \"root\" or \"Data\"")
    }
}
