import CWebSupport
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// A kept response body also held in an anonymous in-memory file, so that connections can send
/// it with `sendfile` — the kernel passes the pages to the socket instead of copying the bytes
/// from our memory for every response, as nginx does for static files. The file is closed when
/// the last holder (the cache entry, a write in progress) lets go.
final class KeptFile: Sendable {
    /// The open file, shared by every write of it (`sendfile` reads at explicit offsets, so the
    /// file position is never moved).
    let handle: NIOFileHandle
    /// Its length in bytes.
    let size: Int

    private init(handle: NIOFileHandle, size: Int) {
        self.handle = handle
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
        return KeptFile(handle: NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: descriptor), size: body.readableBytes)
    }

    /// The whole file as a region to write.
    var region: FileRegion { FileRegion(fileHandle: handle, readerIndex: 0, endIndex: size) }

    deinit {
        try? handle.close()
    }
}
