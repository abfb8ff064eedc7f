import Synchronization

/// The sessions the sign-in form started, in the server's memory: each a random id (32 bytes
/// from the system's random source, in hex) that the browser's ``SessionCookie`` holds instead of
/// the access token. A session ends at sign-out, after ``TokenModeLimits/sessionIdleTimeout``
/// unused, ``TokenModeLimits/sessionLifetime`` after it began, or when the server stops; at most
/// ``TokenModeLimits/maxSessions`` are kept, the least recently used ending first.
///
/// Looking a session up is a dictionary lookup under a lock (every request in token mode makes
/// one); only starting one beyond the limit walks the table, to drop the expired and the least
/// recently used.
final class SignInSessions: Sendable {
    private struct Session {
        var started: ContinuousClock.Instant
        var used: ContinuousClock.Instant
    }

    private let limits: TokenModeLimits
    private let sessions = Mutex<[String: Session]>([:])

    /// An empty table, by `limits`.
    init(_ limits: TokenModeLimits) {
        self.limits = limits
    }

    /// Starts a session; its id.
    func start() -> String {
        let id = RandomHex.make()
        let now = limits.now()
        let limits = self.limits
        sessions.withLock { sessions in
            if sessions.count >= limits.maxSessions {
                sessions = sessions.filter { !Self.hasEnded($0.value, at: now, limits: limits) }
            }
            while sessions.count >= limits.maxSessions, let oldest = sessions.min(by: { $0.value.used < $1.value.used }) {
                sessions[oldest.key] = nil
            }
            sessions[id] = Session(started: now, used: now)
        }
        return id
    }

    /// Whether `id` names a session that has not ended; using it now keeps it from idling out.
    func isCurrent(_ id: String) -> Bool {
        let now = limits.now()
        let limits = self.limits
        return sessions.withLock { sessions in
            guard var session = sessions[id] else { return false }
            guard !Self.hasEnded(session, at: now, limits: limits) else {
                sessions[id] = nil
                return false
            }
            session.used = now
            sessions[id] = session
            return true
        }
    }

    /// Ends the session `id`, if there is one.
    func end(_ id: String) {
        _ = sessions.withLock { $0.removeValue(forKey: id) }
    }

    /// The sessions kept now (ended ones not yet dropped included).
    var count: Int { sessions.withLock { $0.count } }

    private static func hasEnded(_ session: Session, at now: ContinuousClock.Instant, limits: TokenModeLimits) -> Bool {
        session.used.duration(to: now) >= limits.sessionIdleTimeout || session.started.duration(to: now) >= limits.sessionLifetime
    }
}
