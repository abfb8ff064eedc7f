import Synchronization

/// How many token checks a server allows now: a token bucket that holds up to
/// ``TokenModeLimits/attemptBurst`` checks and regains one every
/// ``TokenModeLimits/attemptRefill``. A check is taken before the comparison (so many requests at
/// once cannot compare more than the bucket holds) and given back when the token was right, so
/// only wrong tokens spend it.
final class AttemptThrottle: Sendable {
    private struct State {
        var checks: Double
        var updated: ContinuousClock.Instant
    }

    private let burst: Double
    /// Seconds to regain one check.
    private let refill: Double
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state: Mutex<State>

    /// A full bucket, by `limits`.
    init(_ limits: TokenModeLimits) {
        burst = Double(limits.attemptBurst)
        refill = max(0.001, Self.seconds(limits.attemptRefill))
        now = limits.now
        state = Mutex(State(checks: Double(limits.attemptBurst), updated: limits.now()))
    }

    /// Takes one check: nil when there was one, else how many whole seconds until there is one
    /// (at least 1, for `Retry-After`).
    func take() -> Int? {
        let time = now()
        return state.withLock { state in
            regain(&state, at: time)
            if state.checks >= 1 {
                state.checks -= 1
                return nil
            }
            return max(1, Int(((1 - state.checks) * refill).rounded(.up)))
        }
    }

    /// Gives back a check taken for a right token.
    func giveBack() {
        let time = now()
        state.withLock { state in
            regain(&state, at: time)
            state.checks = min(burst, state.checks + 1)
        }
    }

    private func regain(_ state: inout State, at time: ContinuousClock.Instant) {
        guard time > state.updated else { return }
        state.checks = min(burst, state.checks + Self.seconds(state.updated.duration(to: time)) / refill)
        state.updated = time
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
