import DocumentStore
import Foundation
import Imaging

/// A creature's full photo opened for streaming: it keeps reading the version that was current
/// when it was opened, whatever changes afterwards.
public struct PhotoFile: Sendable {
    /// The photo's format, told from its bytes.
    public let format: ImageFormat
    /// Its size in bytes.
    public let size: Int
    /// An opaque token that changes whenever the photo is replaced (a keyed hash of its device,
    /// inode, size and time: ``DocumentStore/FileVersionTag``): the ETag's contents, and the
    /// `?v=` of the pages' photo URLs.
    public let identity: String
    let file: OpenAttachment
    let pool: BlockingPool

    /// The bytes in `range`, read 64 KiB at a time on the store's blocking pool as the consumer
    /// asks for them (a slow reader holds at most one chunk).
    public func chunks(in range: Range<Int>) -> FileChunks {
        FileChunks(file: file, range: range.clamped(to: 0..<size), pool: pool)
    }
}

/// The bytes of an open file in a range, read on demand.
public struct FileChunks: AsyncSequence, Sendable {
    /// A chunk of bytes.
    public typealias Element = ArraySlice<UInt8>
    let file: OpenAttachment
    let range: Range<Int>
    let pool: BlockingPool

    /// Reads the next chunk when asked.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let file: OpenAttachment
        let pool: BlockingPool
        var offset: Int
        let end: Int

        /// The next chunk, or nil at the end of the range (or of a file that shrank).
        public mutating func next() async throws -> ArraySlice<UInt8>? {
            guard offset < end else { return nil }
            let count = Swift.min(64 << 10, end - offset)
            let (file, start) = (file, offset)
            let bytes = try await pool.run { () throws -> [UInt8] in
                var buffer = [UInt8](repeating: 0, count: count)
                let read = buffer.withUnsafeMutableBytes { pread(file.handle.fileDescriptor, $0.baseAddress, count, off_t(start)) }
                guard read >= 0 else { throw ScaryCreaturesError(.storage, "cannot read the photo: \(String(cString: strerror(errno)))") }
                return Array(buffer.prefix(read))
            }
            guard !bytes.isEmpty else { return nil }
            offset += bytes.count
            return bytes[...]
        }
    }

    /// Starts reading at the range's start.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(file: file, pool: pool, offset: range.lowerBound, end: range.upperBound)
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
                var header = [UInt8](repeating: 0, count: 32)
                let read = header.withUnsafeMutableBytes { pread(file.handle.fileDescriptor, $0.baseAddress, 32, 0) }
                guard read > 0, let format = ImageFormat.sniff(Array(header.prefix(read))) else {
                    throw ScaryCreaturesError(.corrupt, "creature \(id)'s \(name) is not an image")
                }
                return PhotoFile(format: format, size: file.size, identity: file.identity, file: file, pool: pool)
            }
        }
    }
}
