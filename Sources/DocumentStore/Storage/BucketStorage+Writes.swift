import Foundation
import Hex
import ObjectStorage

/// Every write this process makes under the prefix goes through these, so that each one is
/// recorded in the ``BucketStorage/journal`` the other servers follow — whatever the answer
/// (a write whose answer was lost may have landed), unless its condition failed (then nothing
/// was written).
extension BucketStorage {
    /// PutObject of `key` under `condition`, recording this write's id before `history`
    /// (``ObjectStorage/S3Client/write(_:body:contentType:metadata:condition:history:)``), then
    /// recorded in the journal.
    public func writeObject(
        _ key: String, body: Data, contentType: String? = nil, condition: S3WriteCondition = .always, history: [String] = []
    ) async throws -> S3Written {
        try await recorded(key, etag: { $0.isCurrent ? $0.etag : nil }, digest: Self.digest(of: body)) {
            try await client.write(key, body: body, contentType: contentType, condition: condition, history: history)
        }
    }

    /// PutObject of `key`, unconditional; answers the new ETag. Recorded in the journal.
    @discardableResult
    public func putObject(_ key: String, body: Data, contentType: String? = nil) async throws -> String {
        try await recorded(key, etag: { $0 }, digest: Self.digest(of: body)) { try await client.put(key, body: body, contentType: contentType) }
    }

    /// DeleteObject of `key` (deleting what is not there is not an error). Recorded in the journal.
    public func deleteObject(_ key: String) async throws {
        try await recorded(key, etag: { nil }) { try await client.delete(key) }
    }

    /// Closes the journal of every bucket store of this process that wrote, waiting at most
    /// `limit` for their last writes (``ObjectStorage/ChangeJournal/closeAll(waitingAtMost:)``): a command
    /// calls it as it ends.
    public static func closeJournals(waitingAtMost limit: Duration) async {
        await ChangeJournal.closeAll(waitingAtMost: limit)
    }

    /// The digest a journal records of a write of `body`: its ``Hex/FNV1a`` for a small object
    /// (a document's data file, whose digest is its version), nil for a large one.
    private static func digest(of body: Data) -> String? {
        body.count <= ChangeJournal.digestMaxBytes ? FNV1a.hex(body) : nil
    }

    /// Runs `write`, then records `key` (with the ETag `etag` finds in its answer, and `digest`
    /// when that ETag is known) unless its condition failed.
    private func recorded<Value>(
        _ key: String, etag: (Value) -> String?, digest: String? = nil, _ write: () async throws -> Value
    ) async throws -> Value {
        do {
            let value = try await write()
            await journal.record(key: key, etag: etag(value), digest: digest)
            return value
        } catch let error as S3Error where error.code == .preconditionFailed {
            throw error
        } catch {
            await journal.record(key: key, etag: nil)
            throw error
        }
    }
}
