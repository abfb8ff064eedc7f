import Foundation
import ZIPFoundation

/// One creature's files as found in an import source (a bundle folder or a zip).
struct CreatureSource {
    /// Where it is, for messages.
    var name: String
    /// The data archive, if there is one.
    var data: Data?
    /// The full photo, if there is one.
    var fullImage: Data?

    static let dataNames = ["Data.plist", "data.plist"]
    /// The largest file read from a source: a photo's limit plus room.
    static let maxFileBytes = 32 << 20

    /// The creature in the bundle folder at `url`.
    static func folder(_ url: URL) throws -> CreatureSource {
        func read(_ names: [String]) throws -> Data? {
            for name in names {
                let file = url.appendingPathComponent(name)
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else { continue }
                if let size = attributes[.size] as? Int, size > maxFileBytes {
                    throw ScaryCreaturesError(.invalidImport, "\(file.path) is \(size) bytes, over the limit of \(maxFileBytes)")
                }
                return try Data(contentsOf: file)
            }
            return nil
        }
        return CreatureSource(name: url.lastPathComponent, data: try read(dataNames), fullImage: try read(CreatureLayout.fullImageNames))
    }

    /// The creatures in a zip: every folder (or the top level) holding a data archive.
    static func zip(_ url: URL) throws -> [CreatureSource] {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw ScaryCreaturesError(.invalidImport, "\(url.lastPathComponent) is not a zip archive")
        }
        var groups: [String: [String: Entry]] = [:]
        for entry in archive where entry.type == .file {
            let path = entry.path
            let folder = (path as NSString).deletingLastPathComponent
            let name = (path as NSString).lastPathComponent
            guard !name.hasPrefix("."), !path.contains("__MACOSX") else { continue }
            groups[folder, default: [:]][name] = entry
        }
        var sources: [CreatureSource] = []
        for folder in groups.keys.sorted() {
            guard let files = groups[folder], dataNames.contains(where: { files[$0] != nil }) else { continue }
            func read(_ names: [String]) throws -> Data? {
                guard let entry = names.lazy.compactMap({ files[$0] }).first else { return nil }
                guard entry.uncompressedSize <= UInt64(maxFileBytes) else {
                    throw ScaryCreaturesError(.invalidImport, "\(entry.path) in \(url.lastPathComponent) is over the limit of \(maxFileBytes) bytes")
                }
                var data = Data()
                do {
                    _ = try archive.extract(entry, skipCRC32: false) { chunk in
                        guard data.count + chunk.count <= maxFileBytes else { throw CocoaError(.fileReadTooLarge) }
                        data.append(chunk)
                    }
                } catch {
                    throw ScaryCreaturesError(.invalidImport, "\(entry.path) in \(url.lastPathComponent) cannot be read: damaged or too large")
                }
                return data
            }
            let name = folder.isEmpty ? url.lastPathComponent : "\(url.lastPathComponent):\(folder)"
            sources.append(CreatureSource(name: name, data: try read(dataNames), fullImage: try read(CreatureLayout.fullImageNames)))
        }
        return sources
    }
}
