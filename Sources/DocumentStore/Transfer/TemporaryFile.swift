import Foundation

/// Bytes kept in a file for as long as a job needs them: an upload that an import reads as a
/// zip from a file (``ZipReader`` reads files, not memory).
public enum TemporaryFile {
    /// Writes `data` to a new file in a new folder of the system's temporary folder, runs
    /// `body` with the file's URL, and removes both afterwards, whatever `body` does.
    ///
    /// - Throws: ``DocumentStoreError`` when the file cannot be written, and what `body` throws.
    public static func with<Result: Sendable>(
        _ data: Data, pool: BlockingPool, _ body: @Sendable (URL) async throws -> Result
    ) async throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString)", isDirectory: true)
        let file = folder.appendingPathComponent("upload", isDirectory: false)
        try await pool.run {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                try data.write(to: file, options: .withoutOverwriting)
            } catch {
                try? FileManager.default.removeItem(at: folder)
                throw DocumentStoreError(.io, "the upload cannot be kept to be read: \(error.localizedDescription)", path: file.path)
            }
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(file)
    }
}
