import Foundation

/// Where an app's API finds and changes its records' photos (an item's, a creature's), as
/// ``PhotoAnswer`` reaches them: each record has at most one photo and its thumbnail.
///
/// The app's conformance says what its store does and how its failures read; the answers
/// themselves — conditional and range `GET`s, the upload read under the limit — are made once.
public protocol PhotoStore: Sendable {
    /// What names a record (an item key, a creature number).
    associatedtype Key: Sendable
    /// What tells a photo's media type (an image format).
    associatedtype Kind: Sendable
    /// What a change answers with: the record as it is after it.
    associatedtype Record: Sendable

    /// The photo of `key` opened for streaming; nil when the record has none.
    ///
    /// - Throws: the app's not-found error for no such record, or why the photo cannot be read.
    func photoFile(of key: Key) async throws -> StoredFile<Kind>?

    /// The thumbnail of `key`'s photo; nil when the record has no photo.
    ///
    /// - Throws: what ``photoFile(of:)`` throws.
    func thumbnailFile(of key: Key) async throws -> StoredFile<Kind>?

    /// Gives record `key` the photo `image` (uploaded bytes, not yet checked) and answers the
    /// record as it is now.
    ///
    /// - Throws: the app's error for an image it refuses, no such record, or a failed write.
    func setImage(_ image: Data, of key: Key) async throws -> Record

    /// Removes record `key`'s photo (nothing to do when it has none) and answers the record as
    /// it is now.
    ///
    /// - Throws: the app's error for no such record, or a failed removal.
    func removeImage(of key: Key) async throws -> Record

    /// The 404 for record `key` having no photo ("item … has no photo").
    func noPhoto(_ key: Key) -> APIError
}
