/// One file of ``SharedTemporaryFiles``, open and already removed from its folder: it exists for
/// as long as this object or a sequence of its chunks does, and is gone (its space freed) when
/// the last of them is dropped.
public final class SharedTemporaryFile<Kind: Sendable>: Sendable {
    /// What the file is (what its maker returned).
    public let kind: Kind
    private let file: OpenAttachment
    private let pool: BlockingPool

    init(kind: Kind, file: OpenAttachment, pool: BlockingPool) {
        self.kind = kind
        self.file = file
        self.pool = pool
    }

    /// Its size in bytes.
    public var size: Int { file.size }

    /// The bytes in `range` (clamped to the file), read 64 KiB at a time on the pool as the
    /// consumer asks for them; the sequence, and each of its iterators, keeps the file.
    public func chunks(in range: Range<Int>) -> SharedTemporaryFileChunks {
        SharedTemporaryFileChunks(chunks: file.chunks(in: range, pool: pool), owner: self)
    }
}

/// The chunks of a ``SharedTemporaryFile``, holding the file for as long as they are read.
public struct SharedTemporaryFileChunks: AsyncSequence, Sendable {
    /// A chunk of bytes.
    public typealias Element = ArraySlice<UInt8>
    let chunks: FileChunks
    let owner: any Sendable & AnyObject

    /// Reads the next chunk when asked, holding the file.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: FileChunks.AsyncIterator
        let owner: any Sendable & AnyObject

        /// The next chunk, or nil at the end of the range.
        ///
        /// - Throws: ``DocumentStoreError`` when the system cannot read the file.
        public mutating func next() async throws -> ArraySlice<UInt8>? {
            try await chunks.next()
        }
    }

    /// Starts reading at the range's start.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: chunks.makeAsyncIterator(), owner: owner)
    }
}
