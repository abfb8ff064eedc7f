import DocumentStore
import Synchronization

/// The last full listing of the folder, kept for as long as the folder's ``ChangeGeneration``
/// has not moved: a server lists 10,000 creatures once after each change instead of reading
/// 10,000 data files for every page shown. Nothing is kept while the generation is not trusted
/// (no complete folder watch).
final class ListingCache: Sendable {
    /// A listing and the generation it was read at.
    struct Listing: Sendable {
        var generation: UInt64
        var creatures: [(id: Int, data: ScaryCreatureData, version: String)]
        var problems: [DocumentProblem]
    }

    private let kept = Mutex<Listing?>(nil)

    /// The listing read at `generation`, if that is the one kept.
    func listing(at generation: UInt64) -> Listing? {
        kept.withLock { kept in
            guard let listing = kept, listing.generation == generation else { return nil }
            return listing
        }
    }

    /// Keeps `listing` (read at its generation), unless a newer one is kept already.
    func keep(_ listing: Listing) {
        kept.withLock { kept in
            if let current = kept, current.generation > listing.generation { return }
            kept = listing
        }
    }
}
