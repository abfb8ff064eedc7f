import Failures

/// An error from the imaging pipeline, with a message a user can act on
/// ("HEIC images are not supported yet", "the JPEG is truncated: Premature end of JPEG file").
///
/// It is ``Failures/CodedFailure`` with its own codes: a code, a message, the cause kept.
public typealias ImagingError = CodedFailure<ImagingErrorCode>

/// The kinds of failure of the imaging pipeline (``ImagingError``).
public enum ImagingErrorCode: String, FailureCode {
    /// The bytes are not an image of any known format.
    case notAnImage
    /// A recognised image format that is not supported (GIF, WebP, HEIC, AVIF, TIFF, BMP).
    case unsupportedFormat
    /// Over a limit: encoded size or pixel count.
    case tooLarge
    /// The image declares an impossible size (zero width or height).
    case invalidDimensions
    /// The file ends before the image does.
    case truncated
    /// The image data is damaged.
    case corrupt
    /// An argument was out of range (a thumbnail size of 0, a bad channel count).
    case invalidArgument
    /// The path names something other than a regular file: a folder, a device, a pipe
    /// (FIFO), a socket, or a symbolic link where links are not followed.
    case notAFile
    /// The file could not be opened or read (missing, no permission, an I/O error).
    case unreadable
}
