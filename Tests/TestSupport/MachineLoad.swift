/// Turns on a shared machine for the tests that load it and the few whose promise is about time:
/// servers that hash passwords (scrypt, 128 MiB and a third of a second of a core each, dozens
/// per test) run at most two at a time (``heavy(_:)``), and the tests that time a server under
/// their own load (``alone(_:)``: a cold start, dripping uploads) run one at a time while none
/// of them does — so the whole suite's run, on two cores, neither starves those tests nor lets
/// the hashing pile up. Heavy tests wait while one of those runs or waits to.
public actor MachineLoad {
    /// The one for the whole test process.
    public static let shared = MachineLoad()

    private var heavyRunning = 0
    private var aloneRunning = 0
    private var aloneWaiting = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// The most heavy tests at once.
    static let heavyAtOnce = 2

    /// Runs `body` as one of at most two heavy tests at once, never beside a test running
    /// ``alone(_:)`` (one waiting for its turn goes first).
    public static func heavy<T>(_ body: () async throws -> T) async throws -> T {
        try await during(enter: { await shared.enterHeavy() }, leave: { await shared.leaveHeavy() }, body)
    }

    /// Runs `body` while no heavy test, and no other test run alone, runs.
    public static func alone<T>(_ body: () async throws -> T) async throws -> T {
        try await during(enter: { await shared.enterAlone() }, leave: { await shared.leaveAlone() }, body)
    }

    /// `body` between `enter` and `leave`, which runs whether `body` throws or not.
    private static func during<T>(enter: () async -> Void, leave: () async -> Void, _ body: () async throws -> T) async throws -> T {
        await enter()
        do {
            let result = try await body()
            await leave()
            return result
        } catch {
            await leave()
            throw error
        }
    }

    private func enterHeavy() async {
        while aloneRunning > 0 || aloneWaiting > 0 || heavyRunning >= Self.heavyAtOnce { await wait() }
        heavyRunning += 1
    }

    private func leaveHeavy() {
        heavyRunning -= 1
        wakeAll()
    }

    private func enterAlone() async {
        aloneWaiting += 1
        while heavyRunning > 0 || aloneRunning > 0 { await wait() }
        aloneWaiting -= 1
        aloneRunning += 1
    }

    private func leaveAlone() {
        aloneRunning -= 1
        wakeAll()
    }

    private func wait() async {
        await withCheckedContinuation { waiters.append($0) }
    }

    private func wakeAll() {
        let woken = waiters
        waiters = []
        for waiter in woken { waiter.resume() }
    }
}
