import DocumentStore
import Foundation

extension ScaryCreatureDatabase {
    /// Writes creature `id` as one `.scarycreature.zip` at `url` (durably, replacing a file
    /// there): a folder `N.scarycreature/` with `Data.plist` (the 2018 form), the full photo and
    /// its thumbnail — what ``importCreatures(from:)`` reads, here or on another machine.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.notFound`, `.corrupt`, `.storage`.
    public func export(_ id: Int, to url: URL) async throws {
        let zip = try await exportData(id)
        try await Self.mapErrors { try DurableFileWriter.system.write(zip, to: url) }
    }

    /// Creature `id` as the bytes of a `.scarycreature.zip` (see ``export(_:to:)``).
    ///
    /// - Throws: ``ScaryCreaturesError`` `.notFound`, `.corrupt`, `.storage`.
    public func exportData(_ id: Int) async throws -> Data {
        let creature = try await creature(id)
        let folderName = "\(id).scarycreature/"
        var files: [(String, Data)] = [(folderName + "Data.plist", try CreatureLayout.scaryCreatures.encode(creature.data))]
        if let full = try await creature.fullImage() {
            files.append((folderName + "fullImage.\(full.format.fileExtension)", full.data))
            if let thumbnail = try await creature.thumbnail() { files.append((folderName + "thumbImage.png", thumbnail)) }
        }
        let entries = files
        return try await folder.pool.run { try Self.zip(entries, id: id) }
    }

    /// Builds a zip in memory (Data.plist deflated, photos stored as they are).
    private static func zip(_ files: [(String, Data)], id: Int) throws -> Data {
        do {
            let zip = try ZipBuilder()
            for (path, data) in files { try zip.add(path, data, compress: path.hasSuffix(".plist")) }
            return try zip.finishedData()
        } catch {
            throw ScaryCreaturesError(.storage, "cannot build the zip for creature \(id): \(error)")
        }
    }

    /// Imports the creatures of a `.scarycreature.zip` given as bytes (an upload), as
    /// ``importCreatures(from:named:limits:)`` does with a file; messages call it `name` (the
    /// name it was uploaded with), never the temporary file's.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.invalidImport` when the bytes are not such a zip.
    public func importCreatures(zip: Data, named name: String = "this file", limits: ImportLimits = .default) async throws -> ImportSummary {
        do {
            return try await TemporaryFile.with(zip, pool: folder.pool) { file in
                try await importCreatures(from: file, named: name, limits: limits)
            }
        } catch let error as TemporaryFile.CannotKeep {
            throw ScaryCreaturesError(.storage, error.message)
        }
    }

    /// Imports creatures from `url`: an exported `.scarycreature.zip`, one bundle folder
    /// (`N.scarycreature` or `N.scarybug`), or a whole data folder of either original app.
    ///
    /// Imported creatures get new numbers. Each is all-or-nothing: its data must decode, its title
    /// and rating must follow the rules and its photo must be an image we accept, else it is
    /// skipped with the reason and nothing of it is written. Its thumbnail is made anew from the
    /// photo. Keys our model does not know are kept.
    /// Creatures are read and imported one at a time: memory is bounded by the largest single
    /// creature. A zip is checked against `limits` before anything is inflated. Symbolic links
    /// inside the source (a bundle, its data or its photo) are not followed: that creature is
    /// skipped with the reason; `url` itself may be a link.
    /// - Parameter name: what messages call a zip (by default its file's name).
    /// - Throws: ``ScaryCreaturesError`` `.invalidImport` when `url` is none of those things, or a
    ///   zip breaks `limits`.
    public func importCreatures(from url: URL, named name: String? = nil, limits: ImportLimits = .default) async throws -> ImportSummary {
        let status = try await folder.pool.run { () throws -> stat in
            var status = stat()
            guard stat(url.path, &status) == 0 else {
                throw ScaryCreaturesError(.invalidImport, "\(url.path) does not exist")
            }
            return status
        }
        var summary = ImportSummary()
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            let zip = try await folder.pool.run { try ZipCreatureSources(url: url, displayName: name, limits: limits) }
            guard !zip.creatures.isEmpty else {
                throw ScaryCreaturesError(.invalidImport, "\(zip.displayName) holds no creature (no Data.plist inside); choose a .zip that Export made")
            }
            for index in zip.creatures.indices {
                do {
                    await importOne(try await folder.pool.run { try zip.source(index) }, into: &summary)
                } catch let error as ScaryCreaturesError {
                    summary.skipped.append(.init(source: zip.creatures[index].folder, reason: error.message))
                }
            }
            return summary
        case S_IFDIR:
            break
        default:
            throw ScaryCreaturesError(.invalidImport, "\(url.path) is \(InputFile.kind(of: status.st_mode)), not a zip or a folder")
        }
        let isBundle = try await folder.pool.run {
            CreatureSource.dataNames.contains { FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path) }
        }
        if isBundle {
            let limits = thumbnailer.decoder.limits
            await importOne(try await folder.pool.run { try CreatureSource.folder(url, limits: limits) }, into: &summary)
            return summary
        }
        let bundles = try await folder.pool.run { Self.bundleFolders(in: url) }
        guard !bundles.isEmpty else {
            throw ScaryCreaturesError(.invalidImport, "\(url.path) holds no .scarycreature or .scarybug bundles")
        }
        for bundle in bundles {
            do {
                let limits = thumbnailer.decoder.limits
                let source = try await folder.pool.run {
                    var link = stat()
                    if lstat(bundle.path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
                        throw ScaryCreaturesError(.invalidImport, "it is a symbolic link; links inside an import are not followed")
                    }
                    return try CreatureSource.folder(bundle, limits: limits)
                }
                await importOne(source, into: &summary)
            } catch let error as ScaryCreaturesError {
                summary.skipped.append(.init(source: bundle.lastPathComponent, reason: error.message))
            }
        }
        return summary
    }

    /// The bundle folders of a data folder of either app, in numeric order. A bundle that is a
    /// symbolic link is not followed: it is skipped later with that reason.
    private static func bundleFolders(in url: URL) -> [URL] {
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
                let prepared = try await preparePhoto(photo)
                attachments[prepared.fullName] = photo
                attachments[layout.thumbnailName] = prepared.thumbnail
            }
            let archive = try layout.encode(data)
            let bundle = try await Self.mapErrors { try await folder.create(data: archive, attachments: attachments) }
            await thumbnails.invalidate(bundle.id)
            await publish(.created, id: bundle.id)
            summary.imported.append(.init(source: source.name, id: bundle.id, title: data.title))
        } catch let error as ScaryCreaturesError {
            summary.skipped.append(.init(source: source.name, reason: error.message))
        } catch {
            summary.skipped.append(.init(source: source.name, reason: "\(error)"))
        }
    }
}
