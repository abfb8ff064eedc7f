import DocumentStore
import Foundation
import Imaging

/// A creature's full photo opened for streaming: it keeps reading the version that was current
/// when it was opened, whatever changes afterwards.
public struct PhotoFile: Sendable {
    /// The photo's format, told from its bytes.
    public let format: ImageFormat
    /// The open file.
    public let file: OpenAttachment
    let pool: BlockingPool

    /// Its size in bytes.
    public var size: Int { file.size }
    /// An opaque token that changes whenever the photo is replaced (``DocumentStore/FileVersionTag``):
    /// the ETag's contents, and the `?v=` of the pages' photo URLs.
    public var identity: String { file.identity }

    /// The bytes in `range`, read 64 KiB at a time on the store's blocking pool as the consumer
    /// asks for them (a slow reader holds at most one chunk).
    public func chunks(in range: Range<Int>) -> FileChunks {
        file.chunks(in: range, pool: pool)
    }
}

extension ScaryCreatureDatabase {
    /// Creature `id`'s full photo opened for streaming (under a shared lock; the handle outlives
    /// it), or nil if it has none.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.notFound`, `.corrupt` for a photo file that is not an
    ///   image, `.storage`.
    public func photoFile(of id: Int) async throws -> PhotoFile? {
        let pool = folder.pool
        return try await Self.mapErrors(id: id) {
            try await folder.read(id) { reader -> PhotoFile? in
                guard let name = try reader.currentFullImageName(), let file = try reader.openAttachment(named: name) else { return nil }
                guard let format = ImageFormat.sniff(try file.read(32, at: 0)) else {
                    throw ScaryCreaturesError(.corrupt, "creature \(id)'s \(name) is not an image")
                }
                return PhotoFile(format: format, file: file, pool: pool)
            }
        }
    }
}
