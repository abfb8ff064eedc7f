import Foundation
import ZIPFoundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a zip cannot be imported: one sentence naming the zip (by the name the person knows it
/// by) and what is wrong. Each app turns it into its own error.
public struct ZipImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// The files of a zip that an import wants, read one at a time: both apps' imports go through
/// it. Only the central directory is held in memory; a file is inflated when it is read.
///
/// Zip bombs are refused before anything is inflated: too many entries, a wanted file declaring
/// more than its limit, a ratio over ``ImportLimits/maxRatio``, or more than
/// ``ImportLimits/maxTotalBytes`` in all. While inflating, a file that produces more bytes than
/// it declared, or whose checksum is wrong, is stopped.
///
/// Only regular files are read: links and folders in a zip are ignored, as are hidden names
/// (`.DS_Store`) and macOS's `__MACOSX` copies. Names are compared by their UTF-8 bytes, as the
/// zip stores them.
///
/// `@unchecked Sendable`: ZIPFoundation's `Archive` is a class that is not `Sendable`; an import
/// hands this value from one blocking-pool job to the next, never to two at once.
public struct ZipReader: @unchecked Sendable {
    /// One wanted file of the zip.
    public struct File: @unchecked Sendable {
        /// Its path in the zip.
        public let path: String
        /// Its folder in the zip (empty at the top).
        public let folder: String
        /// Its name (the path's last part).
        public let name: String
        /// The bytes it says it inflates to.
        public let size: UInt64
        let entry: Entry
    }

    /// The zip's name in messages: the file's own name, or the name an upload was sent with.
    public let displayName: String
    /// The wanted files, in the zip's order.
    public let files: [File]
    /// The paths of the regular files no import reads (not wanted), in the zip's order.
    public let ignored: [String]
    private let archive: Archive

    /// Opens the zip at `url` (a regular file) and checks its directory.
    ///
    /// - Parameters:
    ///   - displayName: what messages call it (by default the file's name).
    ///   - limit: the most bytes the file named so may have, or nil when it is not wanted.
    /// - Throws: ``ZipImportError`` naming what is wrong.
    public init(url: URL, displayName: String? = nil, limits: ImportLimits, limit: (_ name: String) -> Int?) throws {
        let shown = displayName ?? url.lastPathComponent
        self.displayName = shown
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            throw ZipImportError("\(shown) cannot be read: \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw ZipImportError("\(shown) is not a regular file, so it is not read as a zip")
        }
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ZipImportError("\(shown) cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        try ZipDirectoryCheck.check(descriptor, length: UInt64(max(0, status.st_size)), maxEntries: limits.maxEntries, shown: shown)
        do {
            archive = try Archive(url: url, accessMode: .read, pathEncoding: nil)
        } catch {
            throw ZipImportError("\(shown) is not a zip file; choose a .zip that Export made")
        }
        var files: [File] = []
        var ignored: [String] = []
        var count = 0
        var total: UInt64 = 0
        for entry in archive {
            count += 1
            guard count <= limits.maxEntries else {
                throw ZipImportError("\(shown) has more than \(limits.maxEntries) entries; it is refused as a possible zip bomb")
            }
            let path = entry.path
            let folder = (path as NSString).deletingLastPathComponent
            let name = (path as NSString).lastPathComponent
            guard entry.type == .file, !name.hasPrefix("."), !path.contains("__MACOSX") else { continue }
            guard let bytes = limit(name) else {
                ignored.append(path)
                continue
            }
            guard entry.uncompressedSize <= UInt64(max(bytes, 0)) else {
                throw ZipImportError("\(path) in \(shown) inflates to \(entry.uncompressedSize) bytes, over the limit of \(bytes)")
            }
            // The sizes are the zip's own words (a ZIP64 size may be anything up to 2^64 - 1): a
            // product past UInt64 is a bound no size reaches, never a trap.
            let (inflatable, tooLarge) = limits.maxRatio.multipliedReportingOverflow(by: max(entry.compressedSize, 1))
            if entry.uncompressedSize > 64 << 10, !tooLarge, entry.uncompressedSize > inflatable {
                throw ZipImportError("\(path) in \(shown) inflates \(entry.uncompressedSize / max(entry.compressedSize, 1)) times its size; it is refused as a possible zip bomb")
            }
            total += entry.uncompressedSize
            guard total <= limits.maxTotalBytes else {
                throw ZipImportError("\(shown) inflates to more than \(limits.maxTotalBytes) bytes; it is refused as a possible zip bomb")
            }
            files.append(File(path: path, folder: folder, name: name, size: entry.uncompressedSize, entry: entry))
        }
        self.files = files
        self.ignored = ignored
    }

    /// The bytes of `file`, exactly as many as its entry declared.
    ///
    /// - Throws: ``ZipImportError`` for a damaged entry (its checksum differs) or one that
    ///   inflates past what it declared.
    public func read(_ file: File) throws -> Data {
        let declared = Int(file.size)
        var data = Data(capacity: declared)
        do {
            // This form of extract computes the checksum but leaves comparing it to us.
            let checksum = try archive.extract(file.entry, skipCRC32: false) { chunk in
                guard data.count + chunk.count <= declared else { throw CocoaError(.fileReadTooLarge) }
                data.append(chunk)
            }
            guard checksum == file.entry.checksum, data.count == declared else { throw CocoaError(.fileReadCorruptFile) }
        } catch {
            throw ZipImportError("\(file.path) in \(displayName) cannot be read: damaged, or larger than it says")
        }
        return data
    }
}
