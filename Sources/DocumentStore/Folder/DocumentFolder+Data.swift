import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DocumentFolder {
    /// The bytes of bundle `id`'s data archive, read now (bundles are never read ahead).
    ///
    /// - Throws: ``DocumentStoreError`` `.notFound` for a missing bundle or data file, `.corrupt`
    ///   for a data file over ``DocumentFolderConfiguration/maxDataFileBytes``.
    public func readData(of id: Int) async throws -> Data {
        try await BlockingIO.run { [self] in
            let bundle = try locateBundle(id)
            guard let data = try readDataFile(ofBundleNamed: bundle.name) else {
                throw DocumentStoreError(.notFound, "bundle \(bundle.name) has no data file", path: bundle.url.path)
            }
            return data
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

    /// The data file of the bundle folder `name`, or nil if it has none.
    func readDataFile(ofBundleNamed name: String) throws -> Data? {
        for file in configuration.dataFileNames {
            let path = rootPath + "/" + name + "/" + file
            if let data = try POSIX.readFile(at: AT_FDCWD, path, limit: configuration.maxDataFileBytes, path: path) {
                return data
            }
        }
        return nil
    }

    /// The first configured data file name present in the folder at `path`.
    func existingDataFileName(in path: String) -> String? {
        configuration.dataFileNames.first { access(path + "/" + $0, F_OK) == 0 }
    }
}
