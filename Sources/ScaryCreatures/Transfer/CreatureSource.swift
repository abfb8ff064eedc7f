import Foundation
import Imaging
import ZIPFoundation

/// One creature's files as found in an import source (a bundle folder or a zip), read one
/// creature at a time: an import holds at most one creature's bytes in memory.
struct CreatureSource: Sendable {
    /// Where it is, for messages.
    var name: String
    /// The data archive, if there is one.
    var data: Data?
    /// The full photo, if there is one.
    var fullImage: Data?

    static let dataNames = ["Data.plist", "data.plist"]
    /// The largest data archive read from a source (what the store accepts).
    static let maxDataBytes = 1 << 20
    /// The largest photo read from a source: a photo's limit plus room, so that a slightly larger
    /// one still gets Imaging's precise message.
    static let maxPhotoBytes = 32 << 20

    /// The creature in the bundle folder at `url`. Symbolic links inside it are not followed:
    /// a link could point anywhere on this machine, so a linked file is refused with the reason.
    /// The photo is read as an upload is (``Imaging/ImageUpload``): checked from its first bytes,
    /// never past `limits`.
    static func folder(_ url: URL, limits: ImageLimits) throws -> CreatureSource {
        func present(_ names: [String]) -> URL? {
            names.lazy.map { url.appendingPathComponent($0) }.first { file in
                var status = stat()
                return lstat(file.path, &status) == 0
            }
        }
        let data = try present(dataNames).map { try InputFile.read($0, limit: maxDataBytes, links: .refuse, code: .invalidImport) }
        var photo: Data?
        if let file = present(CreatureLayout.fullImageNames) {
            do {
                photo = try ImageUpload.read(contentsOf: file.path, limits: limits, followingSymlinks: false).data
            } catch let error as ImagingError {
                throw ScaryCreaturesError(.invalidImport, error.message)
            }
        }
        return CreatureSource(name: url.lastPathComponent, data: data, fullImage: photo)
    }
}

/// The creatures in a zip, read one at a time: every folder (or the top level) holding a data
/// archive. Only the central directory is held in memory; each creature's files are inflated
/// when it is imported.
///
/// Zip bombs are refused before anything is inflated (see ``ImportLimits``), and while
/// inflating, an entry that produces more bytes than it declared is stopped.
///
/// `@unchecked Sendable`: ZIPFoundation's `Archive` is a class that is not `Sendable`; an import
/// hands this value from one blocking-pool job to the next, never to two at once.
struct ZipCreatureSources: @unchecked Sendable {
    let url: URL
    /// The zip's name in messages: the file's own name, or the name an upload was sent with.
    let displayName: String
    let archive: Archive
    /// Each creature's folder in the zip and its files, in folder order. Folders and names are
    /// compared by their UTF-8 bytes, as the zip stores them: two names that Unicode calls
    /// equivalent are still two names.
    let creatures: [(folder: String, files: [(name: String, entry: Entry)])]

    /// Opens the zip at `url` and checks its directory; messages call it `displayName` (by
    /// default the file's name).
    ///
    /// - Throws: ``ScaryCreaturesError`` `.invalidImport` naming what is wrong.
    init(url: URL, displayName: String? = nil, limits: ImportLimits) throws {
        self.url = url
        self.displayName = displayName ?? url.lastPathComponent
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw ScaryCreaturesError(.invalidImport, "\(displayName ?? url.lastPathComponent) is not a zip file; choose a .zip that Export made")
        }
        var groups: [[UInt8]: (folder: String, files: [(name: String, entry: Entry)])] = [:]
        var count = 0
        var total: UInt64 = 0
        for entry in archive {
            count += 1
            guard count <= limits.maxEntries else {
                throw ScaryCreaturesError(.invalidImport, "\(self.displayName) has more than \(limits.maxEntries) entries; it is refused as a possible zip bomb")
            }
            let path = entry.path
            let folder = (path as NSString).deletingLastPathComponent
            let name = (path as NSString).lastPathComponent
            // Only regular files are read: links and folders in a zip are ignored.
            guard entry.type == .file, !name.hasPrefix("."), !path.contains("__MACOSX") else { continue }
            let isData = CreatureSource.dataNames.contains { $0.utf8.elementsEqual(name.utf8) }
            guard isData || CreatureLayout.fullImageNames.contains(where: { $0.utf8.elementsEqual(name.utf8) }) else { continue }
            let limit = isData ? CreatureSource.maxDataBytes : CreatureSource.maxPhotoBytes
            guard entry.uncompressedSize <= UInt64(limit) else {
                throw ScaryCreaturesError(.invalidImport, "\(path) in \(self.displayName) inflates to \(entry.uncompressedSize) bytes, over the limit of \(limit)")
            }
            if entry.uncompressedSize > 64 << 10, entry.uncompressedSize > limits.maxRatio * max(entry.compressedSize, 1) {
                throw ScaryCreaturesError(.invalidImport, "\(path) in \(self.displayName) inflates \(entry.uncompressedSize / max(entry.compressedSize, 1)) times its size; it is refused as a possible zip bomb")
            }
            total += entry.uncompressedSize
            guard total <= limits.maxTotalBytes else {
                throw ScaryCreaturesError(.invalidImport, "\(self.displayName) inflates to more than \(limits.maxTotalBytes) bytes; it is refused as a possible zip bomb")
            }
            groups[Array(folder.utf8), default: (folder, [])].files.append((name, entry))
        }
        creatures = groups.keys.sorted { $0.lexicographicallyPrecedes($1) }.compactMap { key in
            guard let group = groups[key], group.files.contains(where: { file in CreatureSource.dataNames.contains { $0.utf8.elementsEqual(file.name.utf8) } }) else { return nil }
            return group
        }
    }

    /// The files of creature `index` (reads only that creature's entries).
    ///
    /// - Throws: ``ScaryCreaturesError`` `.invalidImport` for a damaged entry or one that
    ///   inflates past what it declared.
    func source(_ index: Int) throws -> CreatureSource {
        let (folder, files) = creatures[index]
        func read(_ names: [String]) throws -> Data? {
            let found = names.lazy.compactMap { name in files.first { $0.name.utf8.elementsEqual(name.utf8) }?.entry }
            guard let entry = found.first else { return nil }
            let declared = Int(entry.uncompressedSize)
            var data = Data(capacity: declared)
            do {
                // This form of extract computes the checksum but leaves comparing it to us.
                let checksum = try archive.extract(entry, skipCRC32: false) { chunk in
                    guard data.count + chunk.count <= declared else { throw CocoaError(.fileReadTooLarge) }
                    data.append(chunk)
                }
                guard checksum == entry.checksum, data.count == declared else { throw CocoaError(.fileReadCorruptFile) }
            } catch {
                throw ScaryCreaturesError(.invalidImport, "\(entry.path) in \(displayName) cannot be read: damaged, or larger than it says")
            }
            return data
        }
        let name = folder.isEmpty ? displayName : folder
        return CreatureSource(name: name, data: try read(CreatureSource.dataNames), fullImage: try read(CreatureLayout.fullImageNames))
    }
}
