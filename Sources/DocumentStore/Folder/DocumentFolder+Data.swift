import Foundation

extension DocumentFolder {
    /// The bytes of bundle `id`'s data archive, read now (bundles are never read ahead).
    ///
    /// Takes no lock: every write replaces the file by a rename, so this sees a whole old or a
    /// whole new file.
    /// - Throws: ``DocumentStoreError`` `.notFound` for a missing bundle or data file, `.corrupt`
    ///   for a data file over ``DocumentFolderConfiguration/maxDataFileBytes``,
    ///   `.unsupportedFileType` for a data file that is not a regular file.
    public func readData(of id: Int) async throws -> Data {
        try await place.readData(of: id, in: self)
    }

    /// ``readData(of:)`` on disk.
    func diskReadData(of id: Int) async throws -> Data {
        try await pool.run { [self] in
            try withOpenBundle(id) { bundle, directory in
                guard let data = try readDataFile(in: directory, bundle: bundle) else {
                    throw DocumentStoreError(.notFound, "bundle \(bundle.name) has no data file", path: bundle.url.path)
                }
                return data
            }
        }
    }

    /// Reads bundle `id`'s data archive and decodes it with `decode`.
    ///
    /// - Throws: ``DocumentStoreError`` as ``readData(of:)``, or what `decode` throws.
    public func loadData<Value: Sendable>(of id: Int, decode: @escaping @Sendable (Data) throws -> Value) async throws -> Value {
        try decode(try await readData(of: id))
    }

    /// Durably replaces bundle `id`'s data archive with `data` (keeping the file name it has).
    ///
    /// - Throws: ``DocumentStoreError``; on failure the old data is intact.
    public func writeData(_ data: Data, of id: Int) async throws {
        try await update(id) { _ in data }
    }

    /// Reads bundle `id`'s data, passes it to `transform` (nil when the data file is missing) and
    /// durably writes what it returns — with the bundle locked against other writers in this
    /// process and in others, so no update is lost.
    ///
    /// - Throws: ``DocumentStoreError``, or what `transform` throws (then nothing is written).
    ///
    /// Concurrent updates of one bundle are committed as a group: while one write is in flight,
    /// later updates queue, and the next write applies them all in arrival order and makes them
    /// durable at once. Each caller still returns only when its change is durable; a transform
    /// that throws fails only its own caller.
    public func update(_ id: Int, _ transform: @escaping @Sendable (Data?) throws -> Data) async throws {
        try await updateBatches.submit(id, transform) { [self] transforms in
            await writeBatch(id, transforms)
        }
    }

    /// Applies `transforms` in order to bundle `id`'s data and writes the result once; returns
    /// each transform's outcome (a failed write fails all that were applied).
    private func writeBatch(_ id: Int, _ transforms: [UpdateBatches.Transform]) async -> [Result<Void, any Error>] {
        do {
            return try await edit(id) { editor in
                var data = try editor.readData()
                var outcomes: [Result<Void, any Error>] = []
                for transform in transforms {
                    do {
                        data = try transform(data)
                        outcomes.append(.success(()))
                    } catch {
                        outcomes.append(.failure(error))
                    }
                }
                if let data, outcomes.contains(where: { if case .success = $0 { true } else { false } }) {
                    try editor.writeData(data)
                }
                return outcomes.map { outcome in outcome.mapError { $0 as any Error } }
            }
        } catch {
            return transforms.map { _ in .failure(error) }
        }
    }
}
