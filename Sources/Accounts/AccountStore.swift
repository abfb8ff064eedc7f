import Crypto
import DocumentStore
import Foundation
import Hex

/// The accounts of one data folder or bucket prefix (``AccountBook``, in the blob
/// ``AccountBook/blobName``), shared by every server and command on that storage.
///
/// Every change is a read, a change in memory and a conditional write of the whole book (a
/// bucket: `If-Match`, or `If-None-Match: *` for the first; a folder: under the lock file
/// `.accounts.lock`, which a server's change and a command's take in turn), tried again from a
/// fresh read when another writer was first — so two owners adding people at once both get
/// them. Reads are conditional too: an unchanged book costs one small request or one `stat`.
///
/// Passwords are hashed (``PasswordHash``, 128 MiB each) on a pool of their own with two threads,
/// so a burst of sign-ins queues instead of taking the machine's memory.
public actor AccountStore {
    /// Where the book is kept.
    public nonisolated let blobs: any BlobStore
    /// A folder's path, whose lock file orders writers across processes; nil for a bucket.
    public nonisolated let lockFolder: URL?
    /// The cost of new password hashes.
    public nonisolated let cost: PasswordHash.Cost
    /// The book as last read, and its version (nil: none was stored).
    private var last: (book: AccountBook, version: String?)?
    /// When this store last let go of a folder's lock file.
    private var releasedAt: ContinuousClock.Instant?
    /// How long a store waits after letting go of the lock before it takes it again.
    static let pauseAfterRelease: Duration = .milliseconds(60)
    /// What unknown names are checked against (``decoy()``).
    private var decoyHash: PasswordHash?

    /// The lock file's name in a folder.
    public static let lockFileName = ".accounts.lock"
    /// The pool that hashes passwords: two at a time.
    static let hashing = BlockingPool(threadCount: 2)

    /// The accounts kept in `blobs`; `lockFolder` is the folder's path when `blobs` is a folder's.
    public init(blobs: any BlobStore, lockFolder: URL?, cost: PasswordHash.Cost = .owasp) {
        self.blobs = blobs
        self.lockFolder = lockFolder
        self.cost = cost
    }

    /// The accounts kept with the data in `storage`.
    public init(storage: Storage, cost: PasswordHash.Cost = .owasp) {
        self.init(blobs: storage.blobs(), cost: cost)
    }

    /// The accounts kept in `blobs`: a folder's are changed under its lock file.
    public init(blobs: any BlobStore, cost: PasswordHash.Cost = .owasp) {
        self.init(blobs: blobs, lockFolder: (blobs as? FolderBlobStore)?.root, cost: cost)
    }

    // MARK: - Reading

    /// The accounts as stored now (an empty book when none is stored).
    ///
    /// - Throws: ``AccountError`` `.unreadable` or `.storage`.
    public func book() async throws -> AccountBook {
        try await current().book
    }

    /// The accounts as this store last read or wrote them (nil before its first read): what a
    /// change just made left, without asking the storage again.
    public var lastKnown: AccountBook? { last?.book }

    /// The account named `name`, as stored now.
    public func account(_ name: AccountName) async throws -> Account? {
        try await book().account(name)
    }

    /// The book and its version, read again only when it changed since the last read.
    private func current() async throws -> (book: AccountBook, version: String?) {
        do {
            if let last, let version = last.version {
                switch try await blobs.read(AccountBook.blobName, ifChangedFrom: version, maxBytes: AccountBook.maxBytes) {
                case .unchanged: return last
                case .missing: return remember(AccountBook(), version: nil)
                case .changed(let blob): return remember(try AccountBook(decoding: blob.data, from: blobs.address(of: AccountBook.blobName)), version: blob.version)
                }
            }
            guard let blob = try await blobs.read(AccountBook.blobName, maxBytes: AccountBook.maxBytes) else { return remember(AccountBook(), version: nil) }
            return remember(try AccountBook(decoding: blob.data, from: blobs.address(of: AccountBook.blobName)), version: blob.version)
        } catch let error as DocumentStoreError {
            throw Self.storageError(error)
        }
    }

    private func remember(_ book: AccountBook, version: String?) -> (book: AccountBook, version: String?) {
        last = (book, version)
        return (book, version)
    }

    // MARK: - Changes

    /// Adds `name` with `role`, without a password: the invitation returned (its secret shown
    /// once) lets the person set one within 24 hours. The first account must be an owner.
    ///
    /// - Throws: ``AccountError`` `.exists`, `.lastOwner` (a first account that is not an owner),
    ///   or what ``book()`` throws.
    public func add(_ name: AccountName, role: Role, now: Date = Date()) async throws -> IssuedInvitation {
        let (invitation, issued) = Self.invitation(for: name, now: now)
        try await change { book in
            guard book.account(name) == nil else { throw AccountError(.exists, "there is already an account named \(name)") }
            guard !book.accounts.isEmpty || role == .owner else {
                throw AccountError(.lastOwner, "the first account must be an owner (--role owner): someone has to be able to manage people")
            }
            book.put(Account(name: name, role: role, invitation: invitation, created: now, sessionsStartAfter: now))
        }
        return issued
    }

    /// Removes `name`; its sessions and tokens end with it. The last owner cannot be removed
    /// while others remain.
    ///
    /// - Throws: ``AccountError`` `.notFound`, `.lastOwner`, or what ``book()`` throws.
    public func remove(_ name: AccountName) async throws {
        try await change { book in
            guard let account = book.account(name) else { throw AccountError(.notFound, "there is no account named \(name)") }
            guard account.role != .owner || book.ownerCount > 1 || book.accounts.count == 1 else {
                throw AccountError(.lastOwner, "\(name) is the last owner: make another account an owner first, or remove the others")
            }
            book.remove(name)
        }
    }

    /// Gives `name` a new invitation and takes its password and tokens away: its sessions end
    /// now, and the old password and tokens no longer work.
    ///
    /// - Throws: ``AccountError`` `.notFound`, or what ``book()`` throws.
    public func reset(_ name: AccountName, now: Date = Date()) async throws -> IssuedInvitation {
        let (invitation, issued) = Self.invitation(for: name, now: now)
        try await change { book in
            guard var account = book.account(name) else { throw AccountError(.notFound, "there is no account named \(name)") }
            account.passwordHash = nil
            account.invitation = invitation
            account.sessionsStartAfter = now
            account.tokens = []
            book.put(account)
        }
        return issued
    }

    /// Makes `name` a `role`. The last owner stays one.
    ///
    /// - Throws: ``AccountError`` `.notFound`, `.lastOwner`, or what ``book()`` throws.
    public func setRole(of name: AccountName, to role: Role) async throws {
        try await change { book in
            guard var account = book.account(name) else { throw AccountError(.notFound, "there is no account named \(name)") }
            guard account.role != .owner || role == .owner || book.ownerCount > 1 else {
                throw AccountError(.lastOwner, "\(name) is the last owner: make another account an owner first")
            }
            account.role = role
            book.put(account)
        }
    }

    /// Ends every session of `name` that began before `now` ("sign out everywhere"); its
    /// tokens keep working.
    ///
    /// - Throws: ``AccountError`` `.notFound`, or what ``book()`` throws.
    public func endSessions(of name: AccountName, now: Date = Date()) async throws {
        try await change { book in
            guard var account = book.account(name) else { throw AccountError(.notFound, "there is no account named \(name)") }
            account.sessionsStartAfter = now
            book.put(account)
        }
    }

    /// Sets `name`'s password to `new` when `current` is its password now; every session of
    /// theirs that began before `now` ends (the caller starts a new one for the browser that
    /// asked).
    ///
    /// - Throws: ``AccountError`` `.wrongPassword`, `.invalidPassword` (``PasswordRules``),
    ///   `.notFound`, or what ``book()`` throws.
    public func changePassword(of name: AccountName, current: String, new: String, now: Date = Date()) async throws -> Account {
        guard try await check(name, password: current) != nil else {
            throw AccountError(.wrongPassword, "that is not your current password")
        }
        try PasswordRules.check(new, for: name)
        let cost = self.cost
        let hash = try await Self.hashing.run { try PasswordHash.make(password: new, cost: cost) }
        return try await change { book in
            guard var account = book.account(name), account.hasPassword else { throw AccountError(.notFound, "there is no account named \(name)") }
            account.passwordHash = hash
            account.sessionsStartAfter = now
            book.put(account)
            return account
        }
    }

    /// A new personal access token of `name`'s, labelled `label`: its secret is in what is
    /// returned, and nowhere else.
    ///
    /// - Throws: ``AccountError`` `.invalidLabel`, `.exists` (a token of that label),
    ///   `.notFound`, or what ``book()`` throws.
    public func issueToken(for name: AccountName, label: String, now: Date = Date()) async throws -> IssuedToken {
        let label = try PersonalToken.label(label)
        let secret = PersonalToken.prefix + Hex.random(bytes: 32)
        try await change { book in
            guard var account = book.account(name) else { throw AccountError(.notFound, "there is no account named \(name)") }
            guard !account.tokens.contains(where: { $0.isLabelled(label) }) else {
                throw AccountError(.exists, "\(name) already has a token labelled \(AccountName.quoted(label)): revoke it first, or choose another label")
            }
            account.tokens.append(PersonalToken(label: label, digest: PersonalToken.digest(of: secret[...]), created: now))
            book.put(account)
        }
        return IssuedToken(name: name, label: label, secret: secret, created: now)
    }

    /// Revokes `name`'s token labelled `label`: it stops working at once on this server and
    /// within two seconds on others.
    ///
    /// - Throws: ``AccountError`` `.notFound` (no such account or token), or what ``book()`` throws.
    public func revokeToken(of name: AccountName, label: String) async throws {
        try await change { book in
            guard var account = book.account(name) else { throw AccountError(.notFound, "there is no account named \(name)") }
            let before = account.tokens.count
            account.tokens.removeAll { $0.isLabelled(label) }
            guard account.tokens.count < before else {
                throw AccountError(.notFound, "\(name) has no token labelled \(AccountName.quoted(label))")
            }
            book.put(account)
        }
    }

    /// Sets the password of the account whose open invitation has the secret `secret`, and
    /// closes the invitation; the account as it is now.
    ///
    /// - Throws: ``AccountError`` `.invitationInvalid` (unknown, used or expired),
    ///   `.invalidPassword` (``PasswordRules``), or what ``book()`` throws.
    public func accept(invitation secret: String, password: String, now: Date = Date()) async throws -> Account {
        let digest = Self.digest(of: secret)
        guard let invited = try await invitedAccount(digest: digest, now: now) else {
            throw AccountError(.invitationInvalid, "this invitation is not valid: it was used, replaced or is more than 24 hours old; ask an owner for a new one")
        }
        try PasswordRules.check(password, for: invited.name)
        let cost = self.cost
        let hash = try await Self.hashing.run { try PasswordHash.make(password: password, cost: cost) }
        return try await change { book in
            guard var account = book.account(invited.name), let invitation = account.invitation,
                  PasswordHash.constantTimeEqual(Array(invitation.digest.utf8), Array(digest.utf8)), invitation.expires > now else {
                throw AccountError(.invitationInvalid, "this invitation is not valid: it was used, replaced or is more than 24 hours old; ask an owner for a new one")
            }
            account.passwordHash = hash
            account.invitation = nil
            book.put(account)
            return account
        }
    }

    /// The account whose open invitation has the secret `secret`, if it has not run out (nothing
    /// is changed: the page that asks for the password shows whose it is).
    ///
    /// - Throws: what ``book()`` throws.
    public func invitedAccount(secret: String, now: Date = Date()) async throws -> Account? {
        guard Hex.isLowercaseHex(secret, count: 64) else { return nil }
        return try await invitedAccount(digest: Self.digest(of: secret), now: now)
    }

    /// The account with an open invitation whose digest is `digest`, if it has not run out.
    private func invitedAccount(digest: String, now: Date) async throws -> Account? {
        try await book().accounts.first { account in
            guard let invitation = account.invitation, invitation.expires > now else { return false }
            return PasswordHash.constantTimeEqual(Array(invitation.digest.utf8), Array(digest.utf8))
        }
    }

    /// The account named `name` if `password` is its password; nil otherwise (no such account,
    /// no password set, or a wrong one). A wrong name costs the same hashing as a wrong password,
    /// so the time taken does not tell which names exist.
    ///
    /// - Throws: what ``book()`` throws.
    public func check(_ name: AccountName, password: String) async throws -> Account? {
        let account = try await account(name)
        let hash: PasswordHash
        if let stored = account?.passwordHash { hash = stored } else { hash = try await decoy() }
        let matches = try await Self.hashing.run { hash.verify(password) }
        guard matches, let account, account.passwordHash != nil else { return nil }
        return account
    }

    /// Applies `body` to the book as stored and writes the result only if no one else wrote
    /// meanwhile; from a fresh read when someone did, up to 8 times.
    @discardableResult
    private func change<Result>(_ body: (inout AccountBook) throws -> Result) async throws -> Result {
        let lock: FolderLock?
        if let lockFolder {
            // A store that just let the lock go leaves a moment before taking it again: another
            // store's or command's wait looks every 20 ms, and would otherwise never find it free
            // while this one makes change after change.
            if let releasedAt, ContinuousClock.now - releasedAt < Self.pauseAfterRelease {
                try? await Task.sleep(until: releasedAt + Self.pauseAfterRelease, clock: .continuous)
            }
            do {
                lock = try await FolderLock(folder: lockFolder, fileName: Self.lockFileName, holder: .command, timeout: .seconds(30))
            } catch {
                throw AccountError(.busy, "the accounts in \(lockFolder.path) are being changed by another program: try again")
            }
        } else {
            lock = nil
        }
        defer { withExtendedLifetime(lock) {} }
        defer { if lock != nil { releasedAt = ContinuousClock.now } }
        for attempt in 1...8 {
            let (stored, version) = try await current()
            var book = stored
            let result = try body(&book)
            do {
                let written = try await blobs.write(
                    AccountBook.blobName, book.encoded(), mode: version.map { .replace(version: $0) } ?? .create, contentType: "application/json")
                last = (book, written)
                return result
            } catch let error as DocumentStoreError where error.code == .conflict && attempt < 8 {
                last = nil
                try await Task.sleep(for: .milliseconds(Int.random(in: 10...100) * attempt))
            } catch let error as DocumentStoreError {
                throw Self.storageError(error)
            }
        }
        throw AccountError(.busy, "other writers kept changing the accounts: nothing was changed; try again")
    }

    // MARK: - Helpers

    /// A new invitation for `name`: what is stored, and what its maker is shown once.
    static func invitation(for name: AccountName, now: Date) -> (Invitation, IssuedInvitation) {
        let secret = Hex.random(bytes: 32)
        let expires = now.addingTimeInterval(Invitation.lifetime)
        return (Invitation(digest: digest(of: secret), expires: expires), IssuedInvitation(name: name, secret: secret, expires: expires))
    }

    /// SHA-256 of `secret`'s bytes, in lower-case hex.
    static func digest(of secret: String) -> String {
        Hex.encode(SHA256.hash(data: Array(secret.utf8)))
    }

    /// A hash no password matches, at this store's cost, to verify against when the name is
    /// unknown or has no password (made once, from a random password nobody is told).
    private func decoy() async throws -> PasswordHash {
        if let decoyHash { return decoyHash }
        let cost = self.cost
        let made = try await Self.hashing.run { try PasswordHash.make(password: UUID().uuidString + UUID().uuidString, cost: cost) }
        decoyHash = made
        return made
    }

    private static func storageError(_ error: DocumentStoreError) -> AccountError {
        AccountError(.storage, "the accounts cannot be read or written: \(error.message)", cause: error)
    }
}
