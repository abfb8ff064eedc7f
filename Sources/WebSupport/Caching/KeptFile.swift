import CWebSupport
import NIOCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A kept response body also held in an anonymous in-memory file, so that connections can send
/// it with `sendfile` — the kernel passes the pages to the socket instead of copying the bytes
/// from our memory for every response, as nginx does for static files. The file is closed when
/// the last holder (the cache entry, a write in progress) lets go.
///
/// Each event loop sends from a descriptor of its own (a `dup` of the file's, made on its first
/// send): NIO marks a file handle in use for the length of a `sendfile` and fails a second
/// write through it meanwhile, so one handle shared by two loops cut some responses short after
/// their head. `sendfile` reads at explicit offsets, so the shared file position never moves.
final class KeptFile: Sendable {
    /// The file's own descriptor, from which each loop's is duplicated.
    private let descriptor: CInt
    /// Its length in bytes.
    let size: Int
    /// Each event loop's handle, by loop.
    private let handles = Mutex<[ObjectIdentifier: NIOFileHandle]>([:])

    private init(descriptor: CInt, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    /// `body` copied into a new in-memory file, or nil where that cannot be made (not Linux, no
    /// memory): the body is then written from memory as usual.
    static func make(_ body: ByteBuffer) -> KeptFile? {
        let descriptor = cws_memory_file("kept-response")
        guard descriptor >= 0 else { return nil }
        let written = body.withUnsafeReadableBytes { bytes -> Bool in
            guard let base = bytes.baseAddress else { return true }
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, base + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written else {
            close(descriptor)
            return nil
        }
        return KeptFile(descriptor: descriptor, size: body.readableBytes)
    }

    /// The whole file as a region for `loop` to write (through that loop's own descriptor), or
    /// nil if no descriptor is left for it (the body is then written from memory).
    func region(on loop: any EventLoop) -> FileRegion? {
        let key = ObjectIdentifier(loop)
        let handle = handles.withLock { handles -> NIOFileHandle? in
            if let handle = handles[key] { return handle }
            let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
            guard copy >= 0 else { return nil }
            let handle = NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: copy)
            handles[key] = handle
            return handle
        }
        return handle.map { FileRegion(fileHandle: $0, readerIndex: 0, endIndex: size) }
    }

    deinit {
        handles.withLock { handles in
            for handle in handles.values { try? handle.close() }
        }
        close(descriptor)
    }
}
