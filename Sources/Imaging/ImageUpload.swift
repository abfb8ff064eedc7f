import Foundation

/// An uploaded image's bytes, read under ``ImageLimits`` and already sniffed and measured.
///
/// Read one from a path, a file descriptor or a `FileHandle`: only a regular file is read (a
/// folder, device, pipe or socket is refused by what it is), its size is checked with `fstat` on
/// the open descriptor before any byte is read, and the reading stops at the first sign of
/// trouble — not an image after the first bytes, too many pixels after the header, more bytes
/// than the limit — so a hostile file never costs more than the limit. These calls block: run
/// them off the cooperative thread pool.
public struct ImageUpload: Sendable, Hashable {
    /// The file's bytes, as they were (at most `maxEncodedBytes`).
    public var data: Data
    /// What the header says.
    public var info: ImageInfo

    /// Reads the image file at `path`.
    ///
    /// The file is opened with `O_NONBLOCK` (so a FIFO cannot make the open wait) and, unless
    /// `followingSymlinks`, `O_NOFOLLOW` (a symbolic link is then refused as `.notAFile`).
    /// - Throws: ``ImagingError``: `.unreadable` ("… does not exist", "… cannot be read: you
    ///   don't have permission"), `.notAFile` ("… is a folder, not an image file", "… is a
    ///   device, not an image file", "… is a pipe (FIFO), not an image file", "… is a socket, not
    ///   an image file", "… is a symbolic link, …"), `.tooLarge` ("… is larger than 25 MB …"),
    ///   and what ``CappedImageReader`` throws for the content. Messages start with `path`.
    public static func read(contentsOf path: String, limits: ImageLimits = .default, followingSymlinks: Bool = true) throws -> ImageUpload {
        let descriptor = try FileDescriptorInput.openForReading(path, followingSymlinks: followingSymlinks)
        defer { _ = close(descriptor) }
        return try read(from: descriptor, name: path, limits: limits)
    }

    /// Reads the image file open as `descriptor`, from its current offset; the caller keeps
    /// ownership of the descriptor (it is not closed).
    ///
    /// - Parameter name: how messages name the file ("spider.jpg").
    /// - Throws: ``ImagingError`` as ``read(contentsOf:limits:followingSymlinks:)``; nothing is
    ///   read from anything but a regular file, nothing at all from one over the size limit, and
    ///   only the first 64 KB from one that is not an image.
    public static func read(from descriptor: Int32, name: String, limits: ImageLimits = .default) throws -> ImageUpload {
        try FileDescriptorInput.requireRegularFile(descriptor, name: name, limits: limits)
        var reader = CappedImageReader(name: name, limits: limits)
        try FileDescriptorInput.readChunks(descriptor, name: name, limit: limits.maxEncodedBytes) { chunk in
            try reader.append(chunk)
        }
        return try reader.finish()
    }

    /// Reads the image file open as `handle` (which stays open).
    ///
    /// - Throws: ``ImagingError`` as ``read(from:name:limits:)``.
    public static func read(from handle: FileHandle, name: String, limits: ImageLimits = .default) throws -> ImageUpload {
        try read(from: handle.fileDescriptor, name: name, limits: limits)
    }
}
