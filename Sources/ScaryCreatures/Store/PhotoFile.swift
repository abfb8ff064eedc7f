import DocumentStore
import Foundation
import Imaging

/// A creature's full photo opened for streaming (``DocumentStore/StreamedFile``; its `kind` is the format):
/// it keeps reading the version that was current when it was opened, whatever replaces it
/// afterwards.
public typealias PhotoFile = StreamedFile<ImageFormat>

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
                return PhotoFile(kind: format, file: file, pool: pool)
            }
        }
    }
}
