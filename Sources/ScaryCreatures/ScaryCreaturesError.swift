import Failures

/// A failure a user can cause or meet, with a message to act on and a code that picks the exit
/// status or the HTTP status.
///
/// It is ``Failures/CodedFailure`` with its own codes: a code, a message, the cause kept.
public typealias ScaryCreaturesError = CodedFailure<ScaryCreaturesErrorCode>

/// The kinds of failure in Scary Creatures (``ScaryCreaturesError``).
public enum ScaryCreaturesErrorCode: String, FailureCode {
    /// A title breaks the rules (empty, too long, control characters).
    case invalidTitle
    /// A rating is not 0 to 5 in steps of 0.5.
    case invalidRating
    /// The photo is not an image we accept.
    case invalidImage
    /// No creature has that id.
    case notFound
    /// A creature's files are damaged or foreign.
    case corrupt
    /// The data folder does not exist (a read-only command never creates one).
    case noDataFolder
    /// The creature changed since the version the caller based its change on.
    case versionMismatch
    /// An import source is not something we can import.
    case invalidImport
    /// The creature's data was written by a newer model version than this program knows, so
    /// it is read-only here (the message names both versions); nothing was changed.
    case newerModel
    /// The disk is full, or another storage failure.
    case storage
    /// The storage (a bucket) cannot be reached, keeps failing, or kept changing under a
    /// change: worth trying again shortly.
    case unavailable
}
