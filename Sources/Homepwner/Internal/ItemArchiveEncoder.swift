import Foundation
import Synchronization

/// Encodes `items.archive` for an ``ItemStore`` again after every burst of changes, reusing one
/// ``ItemArchiveWriter``'s memory: the 2 MB output and the tables of a 10,000-item archive are
/// allocated once, not on every write (fresh memory of that size costs page faults that were a
/// sixth of a busy server's time).
final class ItemArchiveEncoder: Sendable {
    private let writer = Mutex(ItemArchiveWriter())

    /// Calls `body` with the file's bytes for `archive`, which `body` must not keep: plain items
    /// go through the kept writer, other archives through the generic archiver.
    ///
    /// - Throws: what `body` throws, or ``KeyedArchive/ArchiveError`` from the generic archiver.
    func withEncoded(_ archive: ItemArchive, _ body: @Sendable (Data) throws -> Void) throws {
        guard ItemArchiveWriter.canWrite(archive) else { return try body(try archive.encodedByArchiver()) }
        try writer.withLock { writer in try writer.withData(of: archive, body) }
    }
}
