import Foundation
import DocumentStore
import Imaging

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
        let data: Data?
        do {
            data = try present(dataNames).map { try InputFile.read($0, limit: maxDataBytes, links: .refuse) }
        } catch let refusal as InputFile.Refusal {
            throw ScaryCreaturesError(.invalidImport, refusal.message)
        }
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
/// archive. The zip is read through DocumentStore's ``DocumentStore/ZipReader`` (zip bombs
/// refused before anything is inflated); each creature's files are inflated when it is imported.
struct ZipCreatureSources: Sendable {
    let reader: ZipReader
    /// The zip's name in messages: the file's own name, or the name an upload was sent with.
    var displayName: String { reader.displayName }
    /// Each creature's folder in the zip and its files, in folder order. Folders are compared
    /// by their UTF-8 bytes, as the zip stores them: two names that Unicode calls equivalent
    /// are still two names.
    let creatures: [(folder: String, files: [ZipReader.File])]

    /// Opens the zip at `url` and checks its directory; messages call it `displayName` (by
    /// default the file's name).
    ///
    /// - Throws: ``ScaryCreaturesError`` `.invalidImport` naming what is wrong.
    init(url: URL, displayName: String? = nil, limits: ImportLimits) throws {
        do {
            reader = try ZipReader(url: url, displayName: displayName, limits: limits) { name in
                if CreatureSource.dataNames.contains(where: { $0.utf8.elementsEqual(name.utf8) }) { return CreatureSource.maxDataBytes }
                if CreatureLayout.fullImageNames.contains(where: { $0.utf8.elementsEqual(name.utf8) }) { return CreatureSource.maxPhotoBytes }
                return nil
            }
        } catch let error as ZipImportError {
            throw ScaryCreaturesError(.invalidImport, error.message)
        }
        var groups: [[UInt8]: (folder: String, files: [ZipReader.File])] = [:]
        for file in reader.files {
            groups[Array(file.folder.utf8), default: (file.folder, [])].files.append(file)
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
            let found = names.lazy.compactMap { name in files.first { $0.name.utf8.elementsEqual(name.utf8) } }
            guard let file = found.first else { return nil }
            do {
                return try reader.read(file)
            } catch let error as ZipImportError {
                throw ScaryCreaturesError(.invalidImport, error.message)
            }
        }
        let name = folder.isEmpty ? displayName : folder
        return CreatureSource(name: name, data: try read(CreatureSource.dataNames), fullImage: try read(CreatureLayout.fullImageNames))
    }
}
