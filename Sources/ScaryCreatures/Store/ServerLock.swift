import DocumentStore
import Synchronization

/// An exclusive claim on a data folder by one server process: ``DocumentStore/FolderLock`` on
/// the hidden file `.server.lock`, held for as long as the database lives (the kernel drops it
/// even after a crash, so a stale claim never blocks a restart).
///
/// The CLI's commands do not take it: they may run beside a server, as the 2010 app's files
/// may be changed beside it; the server sees their changes.
extension ScaryCreatureDatabase {
    /// The server lock's file in the data folder.
    public static let serverLockFileName = ".server.lock"

    /// Claims the data folder for this process's server, for as long as the database lives.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.storage` when another server holds it, or the lock
    ///   file cannot be made.
    ///
    /// A bucket is not claimed: any number of servers share one (their writes are conditional).
    public func claimForServer() async throws {
        let lock: FolderLock?
        do {
            lock = try await folder.blobs.holdForWriting(lockName: Self.serverLockFileName, holder: .server, timeout: .zero)
        } catch let refusal as FolderLock.Refusal {
            switch refusal {
            case .heldByServer, .busy:
                throw ScaryCreaturesError(.storage, "another server is already using the data folder \(root.path)")
            case .system(let error):
                throw ScaryCreaturesError(.storage, error.message)
            }
        }
        serverLock.withLock { $0 = lock }
    }
}
