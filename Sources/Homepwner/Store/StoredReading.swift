import DocumentStore
import Foundation

/// How photos and attachments are read from the storage, the same way for both: their refusals
/// as ``HomepwnerError``s, and a stored file opened with the first bytes that tell what it is.
enum StoredReading {
    /// Runs `read` of the stored file described as `what`: one larger than it may be is `.corrupt`
    /// saying `tooLarge`, one that is not a regular file `.corrupt` ("`what` cannot be read: …"),
    /// any other failure `.storage` (or `.unavailable`).
    static func refusals<Value: Sendable>(_ what: String, tooLarge: @autoclosure () -> String, _ read: () async throws -> Value) async throws -> Value {
        do {
            return try await read()
        } catch let error as DocumentStoreError where error.code == .corrupt {
            throw HomepwnerError(.corrupt, tooLarge())
        } catch let error as DocumentStoreError where error.code == .unsupportedFileType {
            throw HomepwnerError(.corrupt, "\(what) cannot be read: \(error.message)")
        } catch {
            throw ImageStore.storageError("\(what) cannot be read", error)
        }
    }

    /// The blob `name` opened for streaming (at most `maxBytes`) with its first 32 bytes; nil
    /// when there is none. The refusals are those of ``refusals(_:tooLarge:_:)``.
    static func open(
        _ name: String, in blobs: any BlobStore, maxBytes: Int, what: String, tooLarge: @autoclosure () -> String, pool: BlockingPool
    ) async throws -> (file: OpenAttachment, header: [UInt8])? {
        guard let file = try await refusals(what, tooLarge: tooLarge(), { try await blobs.open(name, maxBytes: maxBytes) }) else { return nil }
        let header = try await ImageStore.storageWork("\(what) cannot be read") { try await pool.run { try file.read(32, at: 0) } }
        return (file, header)
    }
}
