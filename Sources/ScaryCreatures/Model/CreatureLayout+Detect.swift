import DocumentStore
import Foundation
import Synchronization

extension CreatureLayout {
    /// The layout of the creatures in `blobs` (a data folder, or a bucket's prefix laid out the
    /// same way): the 2010 one if it holds `.scarybug` bundles and no `.scarycreature` ones, else
    /// the 2018 one (also when it is empty or missing). The entries are read one at a time (a
    /// bucket's a page at a time) and the search stops at the first 2018 bundle: a folder of
    /// 10,000 creatures is not read whole just to learn its layout.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.storage` when the entries cannot be read.
    public static func detect(in blobs: any BlobStore) async throws -> CreatureLayout {
        // What the entries read so far say: nil until a bundle of either kind is seen.
        let seen = Mutex<CreatureLayout?>(nil)
        do {
            try await blobs.visitEntries { name in
                if name.hasSuffix(".scarycreature") {
                    seen.withLock { $0 = .scaryCreatures }
                    return false
                }
                if name.utf8.count > 9, name.lowercased().hasSuffix(".scarybug") { seen.withLock { $0 = .scaryBugs } }
                return true
            }
        } catch let error as DocumentStoreError {
            throw ScaryCreaturesError(.storage, "cannot list \(blobs.description): \(error.message)")
        }
        return seen.withLock { $0 } ?? .scaryCreatures
    }
}
