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
    public func update(_ id: Int, _ transform: @escaping @Sendable (Data?) throws -> Data) async throws {
        try await edit(id) { editor in
            try editor.writeData(try transform(try editor.readData()))
        }
    }
}
