import Foundation

extension ImageInfo {
    /// The most bytes ``read(prefix:)`` may need to decide: a JPEG's frame header can follow up
    /// to a few 64 KB APPn segments (EXIF, ICC profile, XMP).
    public static let maxHeaderBytes = 1 << 20

    /// Sniffs and measures an image from the first bytes of its file, so a caller reading an
    /// upload can refuse it before reading the rest.
    ///
    /// - Parameter prefix: the file's first bytes (any number of them).
    /// - Returns: the header's information, or nil when `prefix` ends before the header does:
    ///   read more and call again (past ``maxHeaderBytes`` a header that is still incomplete is
    ///   `.corrupt`).
    /// - Throws: ``ImagingError`` for what the prefix already proves: `.notAnImage` (from 32
    ///   bytes on), `.unsupportedFormat`, `.corrupt`, `.invalidDimensions`.
    public static func read(prefix: Data) throws -> ImageInfo? {
        if prefix.count < 32, ImageFormat.sniff([UInt8](prefix)) == nil { return nil }
        do {
            return try read(prefix, isPrefix: true)
        } catch let error as ImagingError where error.code == .truncated {
            guard prefix.count >= maxHeaderBytes else { return nil }
            throw ImagingError(.corrupt, "the image's header does not end within its first \(maxHeaderBytes) bytes")
        }
    }
}
