import Accounts
import DocumentStore
import Foundation
import BackgroundWork
import Hummingbird
import ServiceLifecycle
import ObjectStorage
import Synchronization

/// The person a request was signed in as.
public struct SignedInPerson: Sendable, Hashable {
    /// Their name.
    public let name: AccountName
    /// What they may do.
    public let role: Role
    /// The label of the personal access token the request came with; nil for a browser's
    /// session.
    public let token: String?

    /// A person signed in by a session (`token` nil) or a personal access token.
    public init(name: AccountName, role: Role, token: String? = nil) {
        self.name = name
        self.role = role
        self.token = token
    }
}

/// Sign-in by person for a server: the accounts and sessions kept with its data
/// (``Accounts/AccountStore``, ``Accounts/SessionStore``), the cookie that carries a session,
/// and the throttle on wrong passwords. While no account is stored, a server works as it did
/// without accounts (one person on loopback, or the access token); once one is, every request
/// needs a session (``AccountGateMiddleware``).
public struct AccountAccess: Sendable {
    /// The accounts.
    public let accounts: AccountStore
    /// The sessions.
    public let sessions: SessionStore
    /// The cookie that holds a session's id.
    let cookie: SessionCookie
    /// Wrong passwords, per account and per client.
    let throttle: SignInThrottle
    /// The accounts as last read, and the read under way.
    private let kept: KeptBook
    /// Whether nothing but accounts keeps other machines out (bound beyond loopback, no access
    /// token): while there are none, requests are refused instead of let in.
    public let requiresAccounts: Bool

    /// How often a server reads its accounts (``follow()``).
    public static let bookFreshness: TimeInterval = 1
    /// How old a read of the accounts a request takes as current: two of ``follow()``'s paces,
    /// so a request never asks for a read of its own while the server's follow runs. A change
    /// made elsewhere (a command, another server) is obeyed within this.
    static let trusted: Duration = .seconds(2)

    /// The person of the request being answered, set by ``AccountGateMiddleware``.
    @TaskLocal public static var person: SignedInPerson?

    /// Whether the request being answered may change data: false only for a viewer's. Pages
    /// leave out the controls a viewer cannot use (the server refuses such changes anyway).
    public static var mayChange: Bool { person?.role.mayChange ?? true }

    /// Sign-in for the app called `appName` (which names its cookie), with the accounts and
    /// sessions kept in `blobs`; new passwords hashed at `cost`.
    ///
    /// In a bucket they are read through a client of their own (a few connections), so a
    /// request's check never queues behind the store's thousands of reads (a cold listing).
    /// `requiresAccounts` when the server is bound beyond loopback without an access token
    /// (``WebConfiguration/needsAccounts(hosts:)``).
    public init(
        blobs: any BlobStore, appName: String, requiresAccounts: Bool = false, cost: PasswordHash.Cost = .owasp,
        sessionLimits: SessionStore.Limits = SessionStore.Limits()
    ) {
        self.requiresAccounts = requiresAccounts
        var own: any BlobStore = blobs
        if let bucket = blobs as? BucketStorage {
            var settings = bucket.client.settings
            settings.maxConnections = 4
            own = BucketStorage(client: S3Client(settings: settings, bucket: bucket.location.bucket), location: bucket.location)
        }
        accounts = AccountStore(blobs: own, cost: cost)
        sessions = SessionStore(blobs: own, limits: sessionLimits)
        cookie = SessionCookie(appName: appName, purpose: "person")
        throttle = SignInThrottle()
        kept = KeptBook()
    }

    /// The accounts as a request sees them: read within ``trusted``, or else the last read
    /// (at most ``bookMaxAge`` old) while a new read runs in the background — so a request never
    /// waits behind the storage's other work (a cold listing's thousands of reads) for them. A
    /// server keeps them fresh on its own (``follow()``), so a command's change, the first
    /// person added among them, is obeyed within two seconds whatever the requests. Only
    /// with no read that recent does a request wait for one.
    ///
    /// - Throws: ``APIError`` 503 with `Retry-After` when they cannot be read and none was read
    ///   lately.
    func book() async throws -> (book: AccountBook, fresh: Bool) {
        switch kept.current(freshness: Self.trusted, maxAge: Self.bookMaxAge) {
        case .fresh(let book):
            return (book, true)
        case .stale(let book):
            kept.refreshInBackground(accounts)
            return (book, false)
        case .none:
            return (try await freshBook(), true)
        }
    }

    /// Reads the accounts every ``bookFreshness`` (counted from each read's start) until the
    /// task is cancelled: a server runs it for its life (``AccountsFollowService``). An idle
    /// server's cost: one conditional read a second (a `stat` in a folder; a GET, usually
    /// answered 304 or 404, in a bucket).
    public func follow() async {
        let pace = Duration.milliseconds(Int(Self.bookFreshness * 1000))
        while !Task.isCancelled {
            let started = ContinuousClock.now
            // Read here, in this task, so that cancelling it (a stopping server) ends the read.
            if let book = try? await accounts.book() { kept.keep(book) }
            try? await Task.sleep(until: started + pace, clock: .continuous)
        }
    }

    /// The accounts read now: what a request whose session the kept
    /// accounts do not know waits for before it is refused, so a person who just set their
    /// password, or was added on another server, is never turned away by an old read.
    ///
    /// - Throws: ``APIError`` 503 with `Retry-After` when they cannot be read.
    func freshBook() async throws -> AccountBook {
        do {
            // Read in the request's own task, so that a request cancelled (a stopping server)
            // stops waiting for the storage.
            let book = try await accounts.book()
            kept.keep(book)
            return book
        } catch let error as AccountError {
            throw Self.unavailable(error)
        }
    }

    /// Reads the accounts now (a server does before it listens, so its first requests need not).
    public func prime() async {
        if let book = try? await accounts.book() { kept.keep(book) }
    }

    /// Whether the last read (at most ``bookMaxAge`` old) found accounts; nil when there is no
    /// such read.
    public func knownToHaveAccounts() -> Bool? {
        switch kept.current(freshness: Self.bookMaxAge, maxAge: Self.bookMaxAge) {
        case .fresh(let book), .stale(let book): !book.accounts.isEmpty
        case .none: nil
        }
    }

    /// Keeps the accounts this server's store just wrote as the accounts now, so its next
    /// request obeys the change at once (no read of the storage: the store holds what it wrote).
    func keepWritten() async {
        if let book = await accounts.lastKnown { kept.keep(book) }
    }

    /// The oldest accounts a request is answered with while a newer read runs: a minute.
    public static let bookMaxAge: Duration = .seconds(60)

    /// Whether the accounts, read within ``trusted``, were found empty: only then may a request
    /// be answered before the router's checks (a connection's response cache). Once that read
    /// is older, a request goes through the router, whose check reads them again — so people
    /// added by a command are asked to sign in within two seconds.
    public func isKnownOpen() -> Bool {
        kept.isOpen(within: Self.trusted)
    }

    /// How a request proves its person: a session's cookie, a personal access token, or
    /// neither.
    enum Credential {
        /// The session id the cookie holds.
        case session(String)
        /// The digest of the `Authorization: Bearer pat_…` secret.
        case token(String)
        /// No credential of a person's.
        case none

        /// Whether there is no credential.
        var isNone: Bool {
            if case .none = self { true } else { false }
        }
    }

    /// The credential `request` carries: a personal access token in `Authorization: Bearer`
    /// first, else the session cookie.
    func credential(of request: Request) -> Credential {
        if let header = request.headers[.authorization], header.hasPrefix("Bearer ") {
            let secret = header.dropFirst("Bearer ".count)
            if PersonalToken.isSecret(secret) { return .token(PersonalToken.digest(of: secret)) }
        }
        if let id = cookie.value(in: request) { return .session(id) }
        return .none
    }

    /// The person `credential` proves in `book`, with the session id when it is a session: a
    /// token of theirs, or a session that has not ended and whose person still exists, has a
    /// password and has not ended it since.
    func person(for credential: Credential, in book: AccountBook) async throws -> (session: String?, person: SignedInPerson)? {
        switch credential {
        case .none:
            return nil
        case .token(let digest):
            guard let (account, token) = book.bearer(ofTokenDigest: digest) else { return nil }
            return (nil, SignedInPerson(name: account.name, role: account.role, token: token.label))
        case .session(let id):
            let session: StoredSession?
            do {
                session = try await sessions.session(id)
            } catch let error as AccountError {
                throw Self.unavailable(error)
            }
            guard let session, let name = try? AccountName(session.name), let account = book.account(name), account.hasPassword,
                  session.started > account.sessionsStartAfter.timeIntervalSince1970 else { return nil }
            return (id, SignedInPerson(name: account.name, role: account.role))
        }
    }

    /// The 503 for accounts or sessions the storage cannot give now, with `Retry-After`.
    static func unavailable(_ error: AccountError) -> APIError {
        var failure = APIError(.serviceUnavailable, code: "accounts_unavailable", error.message)
        failure.headers[.retryAfter] = "2"
        return failure
    }

    /// The `Set-Cookie` value that gives the browser session `id`.
    func setCookie(_ id: String, for request: Request) -> String {
        cookie.setCookie(id, for: request)
    }

    /// The `Set-Cookie` value that removes the session cookie.
    func clearCookie(for request: Request) -> String {
        cookie.clearing(for: request)
    }
}

/// The accounts as a server last read them, when, and the read under way (one at a time),
/// shared by its requests and connections.
private final class KeptBook: Sendable {
    /// How the kept book stands.
    enum Standing {
        /// Read within the freshness asked for.
        case fresh(AccountBook)
        /// Older, but within the most age allowed.
        case stale(AccountBook)
        /// None read, or too old.
        case none
    }

    private struct State {
        var book: AccountBook?
        var read: ContinuousClock.Instant?
        /// Whether a background read is under way.
        var refreshing = false
    }

    private let state = Mutex(State())

    func current(freshness: Duration, maxAge: Duration) -> Standing {
        state.withLock { state in
            guard let book = state.book, let read = state.read else { return .none }
            let age = ContinuousClock.now - read
            return age < freshness ? .fresh(book) : age < maxAge ? .stale(book) : .none
        }
    }

    /// Whether the last read, no older than `age`, found no accounts.
    func isOpen(within age: Duration) -> Bool {
        state.withLock { state in
            guard let book = state.book, let read = state.read else { return false }
            return book.accounts.isEmpty && ContinuousClock.now - read < age
        }
    }

    /// Keeps `book` as read now.
    func keep(_ book: AccountBook) {
        state.withLock { kept in
            kept.book = book
            kept.read = ContinuousClock.now
        }
    }

    /// Starts a read unless one is under way; its failure leaves the kept book as it was.
    func refreshInBackground(_ accounts: AccountStore) {
        let start = state.withLock { kept in
            defer { kept.refreshing = true }
            return !kept.refreshing
        }
        guard start else { return }
        Background.task { [self] in
            let book = try? await accounts.book()
            state.withLock { kept in
                kept.refreshing = false
                if let book {
                    kept.book = book
                    kept.read = ContinuousClock.now
                }
            }
        }
    }
}

/// Keeps a server's accounts fresh for its life (``AccountAccess/follow()``), until graceful
/// shutdown.
public struct AccountsFollowService: Service {
    let access: AccountAccess

    /// The service for `access`.
    public init(access: AccountAccess) {
        self.access = access
    }

    /// Follows until graceful shutdown.
    public func run() async throws {
        await cancelWhenGracefulShutdown { await access.follow() }
    }
}
