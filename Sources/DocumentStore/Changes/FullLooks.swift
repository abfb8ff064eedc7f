import BackgroundWork
import Synchronization

/// When ``BucketFollow`` makes its full looks, and where: in line after a pass, or in a task of
/// their own beside the passes (``BucketFollow/fullLookAlongside``), whose findings are handed
/// over between passes. Used by one follow's loop alone.
final class FullLooks<Full: Sendable> {
    private let interval: Duration
    private let alongside: Bool
    private let full: @Sendable () async throws -> Full
    private let clock = ContinuousClock()
    /// When the last full look that worked ended (the follow's start, before the first).
    private var lastEnded: ContinuousClock.Instant
    /// Whether a pass asked for a full look that has not begun yet.
    private var owed = false
    /// The look running alongside, and where it leaves what it found.
    private var running: (task: Task<Void, Never>, outcome: Outcome)?

    /// Where a look running alongside leaves what it found.
    private final class Outcome: Sendable {
        let result = Mutex<Result<Full, any Error>?>(nil)
    }

    init(interval: Duration, alongside: Bool, full: @escaping @Sendable () async throws -> Full) {
        self.interval = interval
        self.alongside = alongside
        self.full = full
        lastEnded = clock.now
    }

    /// A pass found that only a full look can tell what changed: one begins at the next step
    /// (after the one under way, if any: that one may have listed past what the pass missed).
    func owe() {
        owed = true
    }

    /// After a pass: hands a finished look's findings to `handle`, and begins a look when one is
    /// owed or due (in line: makes it, and hands its findings over).
    func step(_ handle: @Sendable (BucketFollow.Step<Full>) async -> Void) async {
        if let look = running {
            guard let outcome = look.outcome.result.withLock({ $0 }) else { return }  // still listing
            running = nil
            await hand(outcome, to: handle)
        }
        guard owed || clock.now - lastEnded >= interval, !Task.isCancelled else { return }
        owed = false
        let full = self.full
        if alongside {
            let outcome = Outcome()
            let task = Background.task {
                let result: Result<Full, any Error>
                do { result = .success(try await full()) } catch { result = .failure(error) }
                outcome.result.withLock { $0 = result }
            }
            running = (task, outcome)
        } else {
            let result: Result<Full, any Error>
            do { result = .success(try await full()) } catch { result = .failure(error) }
            await hand(result, to: handle)
        }
    }

    /// Ends a look still running (cancelled) and waits for it.
    func end() async {
        guard let look = running else { return }
        look.task.cancel()
        await look.task.value
        running = nil
    }

    private func hand(_ outcome: Result<Full, any Error>, to handle: @Sendable (BucketFollow.Step<Full>) async -> Void) async {
        switch outcome {
        case .success(let found):
            lastEnded = clock.now
            await handle(.full(found))
        case .failure(let error):
            if error is CancellationError, Task.isCancelled { return }
            await handle(.failed)  // due again: tried after the next pass
        }
    }
}
