import DocumentStore
import Foundation
import ZIPFoundation

extension ScaryCreatureDatabase {
    /// Writes creature `id` as one `.scarycreature.zip` at `url` (durably, replacing a file
    /// there): a folder `N.scarycreature/` with `Data.plist` (the 2018 form), the full photo and
    /// its thumbnail — what ``importCreatures(from:)`` reads, here or on another machine.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.notFound`, `.corrupt`, `.storage`.
    public func export(_ id: Int, to url: URL) async throws {
        let creature = try await creature(id)
        let folderName = "\(id).scarycreature/"
        var files: [(String, Data)] = [(folderName + "Data.plist", try CreatureLayout.scaryCreatures.encode(creature.data))]
        if let full = try await creature.fullImage() {
            files.append((folderName + "fullImage.\(full.format.fileExtension)", full.data))
            if let thumbnail = try await creature.thumbnail() { files.append((folderName + "thumbImage.png", thumbnail)) }
        }
        let zip: Data
        do {
            let archive = try Archive(accessMode: .create)
            for (path, data) in files {
                try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: path.hasSuffix(".plist") ? .deflate : .none) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            guard let bytes = archive.data else { throw CocoaError(.fileWriteUnknown) }
            zip = bytes
        } catch {
            throw ScaryCreaturesError(.storage, "cannot build the zip for creature \(id): \(error)")
        }
        try await Self.mapErrors { try DurableFileWriter.system.write(zip, to: url) }
    }

    /// Imports creatures from `url`: an exported `.scarycreature.zip`, one bundle folder
    /// (`N.scarycreature` or `N.scarybug`), or a whole data folder of either original app.
    ///
    /// Imported creatures get new numbers. Each is all-or-nothing: its data must decode, its title
    /// and rating must follow the rules and its photo must be an image we accept, else it is
    /// skipped with the reason and nothing of it is written. Its thumbnail is made anew from the
    /// photo. Keys our model does not know are kept.
    /// - Throws: ``ScaryCreaturesError`` `.invalidImport` when `url` is none of those things.
    public func importCreatures(from url: URL) async throws -> ImportSummary {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw ScaryCreaturesError(.invalidImport, "\(url.path) does not exist")
        }
        var summary = ImportSummary()
        if !isFolder.boolValue {
            for source in try CreatureSource.zip(url) { await importOne(source, into: &summary) }
            if summary.imported.isEmpty && summary.skipped.isEmpty {
                throw ScaryCreaturesError(.invalidImport, "\(url.lastPathComponent) holds no creature (no Data.plist inside)")
            }
            return summary
        }
        if CreatureSource.dataNames.contains(where: { FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path) }) {
            await importOne(try CreatureSource.folder(url), into: &summary)
            return summary
        }
        let bundles = try bundleFolders(in: url)
        guard !bundles.isEmpty else {
            throw ScaryCreaturesError(.invalidImport, "\(url.path) holds no .scarycreature or .scarybug bundles")
        }
        for bundle in bundles {
            do {
                await importOne(try CreatureSource.folder(bundle), into: &summary)
            } catch let error as ScaryCreaturesError {
                summary.skipped.append(.init(source: bundle.lastPathComponent, reason: error.message))
            }
        }
        return summary
    }

    /// The bundle folders of a data folder of either app, in numeric order.
    private func bundleFolders(in url: URL) throws -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        let bundles = names.compactMap { name -> (Int, String)? in
            let ext = (name as NSString).pathExtension.lowercased()
            guard ext == "scarycreature" || ext == "scarybug" else { return nil }
            return (Int((name as NSString).deletingPathExtension) ?? Int.max, name)
        }
        return bundles.sorted { $0 < $1 }.map { url.appendingPathComponent($0.1, isDirectory: true) }
    }

    /// Imports one creature or records why not.
    private func importOne(_ source: CreatureSource, into summary: inout ImportSummary) async {
        do {
            guard let bytes = source.data else { throw ScaryCreaturesError(.invalidImport, "it has no Data.plist") }
            var data: ScaryCreatureData
            do {
                data = try CreatureLayout.decode(bytes)
            } catch {
                throw ScaryCreaturesError(.corrupt, "its data cannot be read: \(error)")
            }
            data.title = try CreatureRules.title(data.title)
            data.rating = try CreatureRules.rating(Double(data.rating))
            var attachments: [String: Data] = [:]
            if let photo = source.fullImage {
                let prepared = try preparePhoto(photo)
                attachments[prepared.fullName] = photo
                attachments[layout.thumbnailName] = prepared.thumbnail
            }
            let archive = try layout.encode(data)
            let bundle = try await Self.mapErrors { try await folder.create(data: archive, attachments: attachments) }
            summary.imported.append(.init(source: source.name, id: bundle.id, title: data.title))
        } catch let error as ScaryCreaturesError {
            summary.skipped.append(.init(source: source.name, reason: error.message))
        } catch {
            summary.skipped.append(.init(source: source.name, reason: "\(error)"))
        }
    }
}
