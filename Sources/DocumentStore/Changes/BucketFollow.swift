import Foundation
import ObjectStorage

/// How a store follows what other writers change in its bucket, at the price of the changes:
/// every ``interval`` a ``ObjectStorage/ChangeFollower`` pass reads the roster and the other
/// writers' journals with `If-None-Match` (an idle bucket: one small GET a pass, plus one per
/// writer active in the last ten minutes), and every ``fullInterval`` — or at once when a
/// journal cannot tell everything — the store's own full look (a listing of the prefix) catches
/// what no journal tells: writes by other programs, a writer that died before writing its journal.
///
/// Written once for both apps: a ``DocumentFolder`` in a bucket (``DocumentFolder/watch(_:_:)``)
/// and an archive store's follow of its bucket.
public struct BucketFollow: Sendable {
    /// What one look found, handed to the store in order.
    public enum Step<Full: Sendable>: Sendable {
        /// What other writers' journals told since the last pass (often nothing), and whether
        /// every active journal could be read.
        case journals(ChangeFollower.Pass)
        /// What a full look found.
        case full(Full)
        /// A look failed: changes made elsewhere may go unseen until one works again.
        case failed
    }

    /// The time from one journal pass's start to the next's (longer after passes whose reads of
    /// the journals were slow, ``PollPacing``). The store's handling of what a pass told is part
    /// of that time, not added to it: after a burst, the next pass starts as soon as the
    /// handling ends, so a change is never a whole handling later for it.
    public var interval: Duration
    /// The time between full looks.
    public var fullInterval: Duration
    /// How far other writers' clocks may be from this machine's.
    public var clockMargin: TimeInterval
    /// How long after one writer told of a name another's digest of it is not taken
    /// (``ObjectStorage/ChangeFollower/digestWindow``).
    public var digestWindow: Duration

    /// Whether the full look runs alongside the passes instead of in line with them: a listing
    /// of a large prefix on a busy store takes seconds (10,000 creatures on moto during a storm:
    /// more than five), and in line every change a journal told meanwhile waited for it. Only
    /// for a store whose handling of a full look reads again what it names (``DocumentFolder``):
    /// a store that adopts a full look's findings wholesale would undo what a pass handled while
    /// the look was under way. Its findings are handled after the first pass that ends once the
    /// look has, and a look that a pass asks for while one runs follows that one.
    public var fullLookAlongside: Bool

    /// A journal pass every `interval` (1 s), a full look every `fullInterval` (60 s), in line
    /// with the passes unless `fullLookAlongside`.
    public init(
        interval: Duration = .seconds(1), fullInterval: Duration = .seconds(60), clockMargin: TimeInterval = 5,
        digestWindow: Duration = ChangeFollower.defaultDigestWindow, fullLookAlongside: Bool = false
    ) {
        self.interval = interval
        self.fullInterval = fullInterval
        self.clockMargin = clockMargin
        self.digestWindow = digestWindow
        self.fullLookAlongside = fullLookAlongside
    }

    /// Follows `bucket` until the task is cancelled (then it returns, once a full look under way
    /// has ended), waiting for `handle` before looking again. `since` is when the store's first
    /// full look began: batches written before it (less ``clockMargin``) are what that look saw.
    /// `full` is the store's full look (its time does not count in the passes' pacing).
    public func run<Full: Sendable>(
        _ bucket: BucketStorage, since: Date,
        full: @escaping @Sendable () async throws -> Full,
        handle: @escaping @Sendable (Step<Full>) async -> Void
    ) async {
        let follower = ChangeFollower(client: bucket.client, prefix: bucket.location.prefix, ownWriter: bucket.journal.writerID, ownJournal: bucket.journal,
            since: since, clockMargin: clockMargin, digestWindow: digestWindow)
        let looks = FullLooks(interval: fullInterval, alongside: fullLookAlongside, full: full)
        let pacing = PollPacing(interval: interval)
        let clock = ContinuousClock()
        var nextPass = clock.now + interval
        while !Task.isCancelled {
            do { try await Task.sleep(until: nextPass, clock: clock) } catch { break }  // cancelled: the follow ends
            let started = clock.now
            do {
                let pass = try await follower.pass()
                // Paced by the reads of the journals alone: the store's reads of what they name
                // are work owed whatever the pace, and counting them would stretch the wait after
                // a burst, so the next pass would bring more, take longer, and fall further behind.
                nextPass = started + pacing.wait(afterPassTaking: clock.now - started)
                if pass.everything { looks.owe() }
                await handle(.journals(pass))
            } catch is CancellationError {
                break
            } catch {
                nextPass = started + pacing.wait(afterPassTaking: clock.now - started)
                await handle(.failed)
            }
            guard !Task.isCancelled else { break }
            await looks.step(handle)
        }
        await looks.end()
    }
}
