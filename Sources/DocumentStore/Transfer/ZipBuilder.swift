import Foundation
import ZIPFoundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds a zip one file at a time, in memory (``init()``, for a small export) or straight into
/// a file (``init(fileAt:)``, for a whole inventory: only the file being added is in memory).
/// A file is built under a temporary name beside its destination and appears whole, durably,
/// at ``finish()``; one that is never finished is removed by ``discard()``.
///
/// Its methods do blocking I/O: call them on a ``BlockingPool``, one at a time.
/// `@unchecked Sendable`: ZIPFoundation's `Archive` is a class that is not `Sendable`; a builder
/// is handed from one blocking-pool job to the next, never used by two at once.
public final class ZipBuilder: @unchecked Sendable {
    private var archive: Archive?
    private let destination: URL?
    private let temporary: URL?

    /// A builder of a zip in memory (``finishedData()`` returns it).
    ///
    /// - Throws: ``DocumentStoreError`` `.io` if the zip cannot be started.
    public init() throws {
        destination = nil
        temporary = nil
        do {
            archive = try Archive(data: Data(), accessMode: .create, pathEncoding: nil)
        } catch {
            throw DocumentStoreError(.io, "a zip cannot be started in memory: \(error)")
        }
    }

    /// A builder of the zip file `url` (replaced at ``finish()`` if it is there).
    ///
    /// - Throws: ``DocumentStoreError`` when the temporary file beside `url` cannot be created.
    public init(fileAt url: URL) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).partial-\(UUID().uuidString)", isDirectory: false)
        destination = url
        self.temporary = temporary
        do {
            archive = try Archive(url: temporary, accessMode: .create, pathEncoding: nil)
        } catch {
            throw DocumentStoreError(.io, "\(url.path) cannot be created: \(error)", path: url.path)
        }
    }

    deinit {
        archive = nil
    }

    /// Adds `data` as the file `path`, deflated when `compress` (archives and lists) or stored
    /// as it is (photos and PDFs, which hardly compress).
    ///
    /// - Throws: ``DocumentStoreError`` `.io` (a full disk included).
    public func add(_ path: String, _ data: Data, compress: Bool) throws {
        guard let archive else { throw DocumentStoreError(.io, "the zip was already finished") }
        do {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: compress ? .deflate : .none) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        } catch {
            throw DocumentStoreError(.io, "\(path) cannot be added to \(destination?.path ?? "the zip"): \(error)", path: destination?.path)
        }
    }

    /// The finished zip of a builder in memory.
    ///
    /// - Throws: ``DocumentStoreError`` `.io` for a builder of a file, or when the zip cannot be read back.
    public func finishedData() throws -> Data {
        guard destination == nil, let data = archive?.data else { throw DocumentStoreError(.io, "the zip is not in memory") }
        archive = nil
        return data
    }

    /// Closes the zip file, syncs it, renames it to its destination and syncs the folder: the
    /// destination is the whole zip or what it was before, never a part.
    ///
    /// - Throws: ``DocumentStoreError`` when a step fails (the temporary file is then removed).
    public func finish() throws {
        guard let destination, let temporary else { throw DocumentStoreError(.io, "the zip is in memory") }
        archive = nil  // closes the file
        do {
            try Self.sync(temporary.path, what: destination.path)
            guard rename(temporary.path, destination.path) == 0 else {
                throw DocumentStoreError.system("cannot rename the zip to", path: destination.path, errno: errno)
            }
            try Self.sync(destination.deletingLastPathComponent().path, what: destination.path)
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// Stops building and removes the temporary file (a builder in memory just drops its bytes).
    public func discard() {
        archive = nil
        if let temporary { unlink(temporary.path) }
    }

    private static func sync(_ path: String, what: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DocumentStoreError.system("cannot sync", path: what, errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw DocumentStoreError.system("cannot sync", path: what, errno: errno) }
    }
}
