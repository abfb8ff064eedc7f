import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file opened for streaming — a bundle's attachment, an item's photo: it keeps
/// reading the version open now, whatever replaces the file (a rename) or deletes it afterwards.
/// An object read from a bucket is held whole in memory, which keeps the same promise.
public struct OpenAttachment: @unchecked Sendable {
    // @unchecked: FileHandle is not marked Sendable; its descriptor is only read with `pread`,
    // which takes the offset as an argument, so tasks may read it at once.
    /// Where the bytes are.
    private enum Source {
        case file(FileHandle)
        case bytes(Data)
    }

    private let source: Source
    /// Its size in bytes when it was opened.
    public let size: Int
    /// An opaque token that changes whenever the file is replaced (``FileVersionTag`` of its
    /// device, inode, size and modification time; an object's ETag): an ETag's contents and a
    /// URL's `?v=`.
    public let identity: String

    init(handle: FileHandle, size: Int, identity: String) {
        source = .file(handle)
        self.size = size
        self.identity = identity
    }

    /// An object's bytes, read whole, with `identity` (from its ETag).
    public init(bytes: Data, identity: String) {
        source = .bytes(bytes)
        size = bytes.count
        self.identity = identity
    }

    /// Opens the file at `url` if it is a regular file, never through a symbolic link; nil
    /// when there is none. Call it on a ``BlockingPool``.
    ///
    /// - Throws: ``DocumentStoreError`` `.unsupportedFileType` for anything but a regular file
    ///   (a link, a folder, a FIFO, a device), or the system's error.
    public static func openRegularFile(at url: URL) throws -> OpenAttachment? {
        let fileSystem = SystemFileSystem()
        let folder = url.deletingLastPathComponent().path
        let directory = try fileSystem.openDirectory(AT_FDCWD, folder, path: folder, followLinks: true)
        defer { fileSystem.closeFile(directory) }
        guard let (descriptor, status) = try fileSystem.openRegularFile(directory, url.lastPathComponent, path: url.path) else { return nil }
        return OpenAttachment(descriptor: descriptor, status: status)
    }

    init(descriptor: Int32, status: FileStatus) {
        let identity = FileVersionTag.of(device: status.device, inode: status.inode, size: status.size, modified: status.modified)
        self.init(handle: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), size: status.size, identity: identity)
    }

    /// Up to `count` bytes from `offset` (fewer at the end of the file). Call it on a
    /// ``BlockingPool``.
    ///
    /// - Throws: ``DocumentStoreError`` when the system cannot read it.
    public func read(_ count: Int, at offset: Int) throws -> [UInt8] {
        let handle: FileHandle
        switch source {
        case .bytes(let bytes):
            let start = min(max(0, offset), bytes.count)
            return [UInt8](bytes[(bytes.startIndex + start)..<(bytes.startIndex + min(bytes.count, start + max(0, count)))])
        case .file(let file):
            handle = file
        }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { pread(handle.fileDescriptor, $0.baseAddress, count, off_t(offset)) }
        guard read >= 0 else { throw DocumentStoreError.system("cannot read", path: "an open file", errno: errno) }
        return Array(buffer.prefix(read))
    }

    /// The bytes in `range` (clamped to the file), read 64 KiB at a time on `pool` as the
    /// consumer asks for them: a slow reader holds at most one chunk.
    public func chunks(in range: Range<Int>, pool: BlockingPool) -> FileChunks {
        FileChunks(file: self, range: range.clamped(to: 0..<size), pool: pool)
    }
}

/// The bytes of an open file in a range, read on demand (``OpenAttachment/chunks(in:pool:)``).
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
        ///
        /// - Throws: ``DocumentStoreError`` when the system cannot read the file.
        public mutating func next() async throws -> ArraySlice<UInt8>? {
            guard offset < end else { return nil }
            let (file, start, count) = (file, offset, Swift.min(64 << 10, end - offset))
            let bytes = try await pool.run { try file.read(count, at: start) }
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

/// An open file of a known kind (an image format) ready to stream: what both apps answer a photo
/// `GET` with. It keeps reading the version open when it was made.
public struct StreamedFile<Kind: Sendable>: Sendable {
    /// What the file is, told from its bytes.
    public let kind: Kind
    /// The open file.
    public let file: OpenAttachment
    /// Where its chunks are read.
    public let pool: BlockingPool

    /// A file of `kind`, read on `pool`.
    public init(kind: Kind, file: OpenAttachment, pool: BlockingPool) {
        self.kind = kind
        self.file = file
        self.pool = pool
    }

    /// Its size in bytes when it was opened.
    public var size: Int { file.size }
    /// An opaque token that changes whenever the file is replaced (``FileVersionTag``): an
    /// ETag's contents and the `?v=` of URLs.
    public var identity: String { file.identity }

    /// The bytes in `range`, read 64 KiB at a time on the pool as the consumer asks for them
    /// (a slow reader holds at most one chunk).
    public func chunks(in range: Range<Int>) -> FileChunks {
        file.chunks(in: range, pool: pool)
    }
}
