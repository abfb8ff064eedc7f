import Foundation

extension ImageInfo {
    /// Sniffs and measures an image from the first bytes of its file, so a caller reading an
    /// upload can refuse it before reading the rest.
    ///
    /// - Parameter prefix: the file's first bytes (any number of them).
    /// - Returns: the header's information, or nil when `prefix` ends before the header does
    ///   (read more and call again, or read the whole file with ``read(_:)``). A PNG's header
    ///   ends at its first IDAT chunk, a JPEG's at its frame header.
    /// - Throws: ``ImagingError`` for what the prefix already proves: `.notAnImage` (from 32
    ///   bytes on), `.unsupportedFormat`, `.corrupt`, `.invalidDimensions`.
    public static func read(prefix: Data) throws -> ImageInfo? {
        if prefix.count < 32, ImageFormat.sniff([UInt8](prefix)) == nil { return nil }
        do {
            return try read(prefix, isPrefix: true)
        } catch let error as ImagingError where error.code == .truncated {
            return nil
        }
    }
}
