import Synchronization

/// A number that moves on whenever the data folder may have changed, for caches of what was
/// read from it (responses, listings): something computed at generation `g` is current for as
/// long as the generation is still `g`.
///
/// This process's own changes move it when they finish (also when they fail part-way); other
/// processes' changes move it when the ``FolderWatch`` sees them. Until a watch covers every
/// bundle — and whenever one could not be watched — the generation is not trusted and
/// ``current`` is nil: nothing may be cached then.
public final class ChangeGeneration: Sendable {
    private let counter = Atomic<UInt64>(0)
    /// 0: no complete watch runs; 1: one does; 2: a watch failed (never trusted again).
    private let watchState = Atomic<UInt8>(0)

    init() {}

    /// The generation now, or nil while changes made elsewhere could go unseen.
    public var current: UInt64? {
        guard watchState.load(ordering: .acquiring) == 1 else { return nil }
        return counter.load(ordering: .acquiring)
    }

    /// Records that the folder may have changed.
    public func advance() {
        counter.add(1, ordering: .releasing)
    }

    /// Called by a watch once every bundle is watched.
    func watchStarted() {
        advance()
        _ = watchState.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing)
    }

    /// Called when a watch stops: what others change is no longer seen.
    func watchStopped() {
        _ = watchState.compareExchange(expected: 1, desired: 0, ordering: .acquiringAndReleasing)
        advance()
    }

    /// Called when a bundle could not be watched: from now on nothing is trusted.
    func watchIncomplete() {
        watchState.store(2, ordering: .releasing)
        advance()
    }
}
