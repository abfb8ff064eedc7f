import DocumentStore
import Foundation
import Imaging

/// What the photo rules need to read in a bundle, under a shared (``DocumentStore/BundleReader``)
/// or an exclusive (``DocumentStore/BundleEditor``) lock alike.
protocol BundleFiles {
    func readData() throws -> Data?
    func readAttachment(named name: String, limit: Int) throws -> Data?
    func attachmentNames() throws -> [String]
    func modificationDate(ofAttachment name: String) throws -> Date?
}

extension BundleReader: BundleFiles {}
extension BundleEditor: BundleFiles {}

extension BundleFiles {
    /// The first thumbnail file that holds PNG bytes.
    func storedThumbnail() throws -> Data? {
        for name in CreatureLayout.thumbnailNames {
            if let bytes = try readAttachment(named: name, limit: 256 << 20), ImageFormat.sniff([UInt8](bytes.prefix(16))) == .png {
                return bytes
            }
        }
        return nil
    }

    /// The current full photo: the only one, or — when a crash left two names — the most
    /// recently written.
    func currentFullImage() throws -> (name: String, data: Data)? {
        guard let name = try currentFullImageName(), let data = try readAttachment(named: name, limit: 256 << 20) else { return nil }
        return (name, data)
    }

    /// The name of the current full photo (see ``currentFullImage()``).
    func currentFullImageName() throws -> String? {
        let present = try attachmentNames().filter { CreatureLayout.fullImageNames.contains($0) }
        var newest: (name: String, date: Date)?
        for name in present {
            let date = try modificationDate(ofAttachment: name) ?? .distantPast
            if let current = newest, current.date >= date { continue }
            newest = (name, date)
        }
        return newest?.name
    }

    /// Whether there is a full photo.
    func hasFullImage() throws -> Bool {
        try attachmentNames().contains { CreatureLayout.fullImageNames.contains($0) }
    }
}

extension BundleFiles {
    /// The creature's state for the change stream: its data's version and its photo's name and
    /// time (the thumbnail follows the photo and is left out). nil without data.
    func creatureState() throws -> CreatureState? {
        guard let bytes = try readData() else { return nil }
        return try creatureState(data: bytes)
    }

    /// The creature's state when its data file holds `bytes` (just written, under the lock).
    func creatureState(data bytes: Data) throws -> CreatureState {
        // One look per possible photo name rather than a listing of the folder: after every edit.
        var photo = ""
        for name in fullImageNamesSorted {
            guard let date = try modificationDate(ofAttachment: name) else { continue }
            photo += "\(name)@\(date.timeIntervalSince1970.bitPattern);"
        }
        return CreatureState(version: CreatureVersion.of(bytes), attachments: photo)
    }
}

/// The full photo's possible names in the order a listing of the folder has them.
private let fullImageNamesSorted = CreatureLayout.fullImageNames.sorted()
