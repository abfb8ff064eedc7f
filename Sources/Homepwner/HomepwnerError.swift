import Failures

/// A failure a user can cause or meet in Homepwner, with a message to act on and a code that
/// picks the exit status or the HTTP status.
///
/// It is ``Failures/CodedFailure`` with its own codes: a code, a message, the cause kept.
public typealias HomepwnerError = CodedFailure<HomepwnerErrorCode>

/// The kinds of failure in Homepwner (``HomepwnerError``).
public enum HomepwnerErrorCode: String, FailureCode {
    /// A name breaks the rules (empty, longer than 200 characters, control characters).
    case invalidName
    /// A value is not a whole number of dollars from 0 to 1,000,000,000, or a detail (location,
    /// labels, quantity, purchase, warranty, notes, model, manufacturer) breaks its rule.
    case invalidValue
    /// A serial number is longer than 64 characters or has characters that do not print.
    case invalidSerialNumber
    /// The photo is not an image we accept.
    case invalidImage
    /// An attachment is not a PDF, JPEG or PNG, or an item has as many as it can have.
    case invalidAttachment
    /// An upload (an attachment) is larger than its limit.
    case tooLarge
    /// No item has that key.
    case notFound
    /// An item key matches more than one item.
    case ambiguousKey
    /// A stored file other than the archive (a photo) cannot be used.
    case corrupt
    /// `items.archive` is damaged, so the store is read-only until it is repaired: what could
    /// be read is listed, and no change is made.
    case damagedArchive
    /// `items.archive` was written by a newer model version than this homepwner knows, so it
    /// is read-only here: it is listed and shown, and no change is made (the message names
    /// both versions).
    case newerModel
    /// The data folder does not exist (a read-only command never creates one).
    case noDataFolder
    /// The disk is full, or another storage failure.
    case storage
    /// The storage (a bucket) cannot be reached, keeps failing, or kept changing under a
    /// change: worth trying again shortly.
    case unavailable
    /// The item changed since the version the change was based on (someone else changed it
    /// first); nothing was changed.
    case versionMismatch
    /// A zip given to import is not a full export (no `items.archive`, an archive that
    /// cannot be read, a newer model) or is refused as a possible zip bomb; nothing was written.
    case invalidImport
    /// A full export is imported only into an inventory with no items, and this one has some;
    /// nothing was written.
    case notEmpty
    /// Another process holds the data folder for writing — a running server, or another
    /// command that did not finish in time; nothing was changed.
    case inUse
}
