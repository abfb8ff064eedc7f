import Foundation

/// One bundle's files where they are, for the length of one ``DocumentFolder/read(_:_:)`` or
/// ``DocumentFolder/edit(_:_:)``: a locked folder on disk (``FolderBundleFiles``) or a session
/// on the bundle's objects in a bucket (``ObjectBundleSession``). ``BundleReader`` and
/// ``BundleEditor`` are written once over it.
protocol BundleFiles {
    /// The bundle.
    var bundle: DocumentBundle { get }
    /// The data archive's bytes, or nil if the bundle has none.
    func readData() throws -> Data?
    /// Durably replaces the data archive.
    func writeData(_ data: Data) throws
    /// The attachment `name` (at most `limit` bytes), or nil if it does not exist.
    func readAttachment(named name: String, limit: Int) throws -> Data?
    /// When attachment `name` was last written, or nil if it does not exist.
    func modificationDate(ofAttachment name: String) throws -> Date?
    /// Durably writes (or replaces) the attachment `name`.
    func writeAttachment(_ data: Data, named name: String) throws
    /// Durably removes the attachment `name`; a missing one is not an error.
    func removeAttachment(named name: String) throws
    /// The attachments' names, sorted.
    func attachmentNames() throws -> [String]
    /// Attachment `name` opened for streaming, or nil if it does not exist.
    func openAttachment(named name: String) throws -> OpenAttachment?
}
