import Crypto
import DocumentStore
import Foundation
import Hex

/// A signed-in browser's session as stored: whose it is, when it began and when it was last
/// used (written again at most once per ``SessionStore/Limits/touchEvery``).
public struct StoredSession: Sendable, Hashable, Codable {
    /// The person's name, as stored.
    public var name: String
    /// When the session began (seconds since 1970).
    public var started: Double
    /// When it was last used, as last written (seconds since 1970).
    public var used: Double
}

/// The sessions of every server on one storage: each a random id (32 bytes, in hex) that only
/// the browser's cookie holds; stored beside the data as the hidden blob
/// `.session-SHA256(id)` (so a listing of the storage never shows an id that works), so every
/// server on a bucket knows every session, and a restart signs no one out.
///
/// A session ends at sign-out, after ``Limits/idle`` unused, ``Limits/lifetime`` after it began,
/// when its person is removed, or when their account's `sessionsStartAfter` passes its start
/// (a reset, "sign out everywhere"). Lookups are kept in memory for ``Limits/recheckAfter``, so a
/// busy browser costs the storage one read per that time, and a session ended on another server
/// ends here within it (at once on this one).
public actor SessionStore {
    /// How long sessions last, and how often they are read again.
    public struct Limits: Sendable, Hashable {
        /// Unused for this long, a session ends: 14 days.
        public var idle: TimeInterval = 14 * 24 * 60 * 60
        /// A session ends this long after it began, used or not: 90 days.
        public var lifetime: TimeInterval = 90 * 24 * 60 * 60
        /// The last use is written again at most this often: an hour.
        public var touchEvery: TimeInterval = 60 * 60
        /// A session known here is read from the storage again after this long: 5 seconds.
        public var recheckAfter: TimeInterval = 5

        /// The defaults.
        public init() {}
    }

    /// Where sessions are kept.
    public nonisolated let blobs: any BlobStore
    /// How long they last.
    public nonisolated let limits: Limits
    /// Sessions read lately, by id digest, with when they were read.
    private var known: [String: (session: StoredSession, read: Date)] = [:]

    /// The prefix of every session blob's name.
    public static let namePrefix = ".session-"
    /// The most sessions kept in memory before the oldest reads are dropped.
    static let maxKnown = 10_000

    /// The sessions kept in `blobs`.
    public init(blobs: any BlobStore, limits: Limits = Limits()) {
        self.blobs = blobs
        self.limits = limits
    }

    /// Starts a session for `name`; its id, for the cookie.
    ///
    /// - Throws: ``AccountError`` `.storage`.
    public func start(for name: AccountName, now: Date = Date()) async throws -> String {
        let id = Hex.random(bytes: 32)
        let session = StoredSession(name: name.text, started: now.timeIntervalSince1970, used: now.timeIntervalSince1970)
        try await write(session, digest: Self.digest(of: id), mode: .create)
        remember(Self.digest(of: id), session, read: now)
        return id
    }

    /// The session `id` names, if it has not ended by time (its person's account is the
    /// caller's to check); using it now keeps it from idling out.
    ///
    /// - Throws: ``AccountError`` `.storage` when it cannot be read.
    public func session(_ id: String, now: Date = Date()) async throws -> StoredSession? {
        guard Hex.isLowercaseHex(id, count: 64) else { return nil }
        let digest = Self.digest(of: id)
        var session: StoredSession
        if let cached = known[digest], now.timeIntervalSince(cached.read) < limits.recheckAfter, now >= cached.read {
            session = cached.session
        } else {
            guard let stored = try await read(digest) else {
                known[digest] = nil
                return nil
            }
            session = stored
            remember(digest, session, read: now)
        }
        let time = now.timeIntervalSince1970
        guard time - session.used < limits.idle, time - session.started < limits.lifetime else {
            try? await end(id)
            return nil
        }
        if time - session.used >= limits.touchEvery {
            session.used = time
            remember(digest, session, read: now)
            try? await write(session, digest: digest, mode: .overwrite)
        }
        return session
    }

    /// Ends the session `id`, if there is one.
    public func end(_ id: String) async throws {
        guard Hex.isLowercaseHex(id, count: 64) else { return }
        let digest = Self.digest(of: id)
        known[digest] = nil
        do {
            try await blobs.delete(Self.namePrefix + digest)
        } catch let error as DocumentStoreError {
            throw AccountError(.storage, "a session cannot be ended: \(error.message)", cause: error)
        }
    }

    /// Removes every session of `name` (after its account was removed or reset); what another
    /// server still holds in memory ends at its next read, within ``Limits/recheckAfter``.
    public func endAll(of name: AccountName) async throws {
        for session in try await sessions(of: name) {
            try await end(handle: session.handle, of: name)
        }
    }

    /// One of a person's sessions as their Account page lists it: a handle that names it
    /// (the SHA-256 of its id: it cannot be used to sign in), and its times.
    public struct Listed: Sendable, Hashable {
        /// Names the session to ``SessionStore/end(handle:of:)``; not its id.
        public let handle: String
        /// When it began.
        public let started: Date
        /// When it was last used, to the hour (``Limits/touchEvery``).
        public let used: Date
    }

    /// The stored sessions of `name` that have not ended by time, most recently used first
    /// (each session blob of the storage is read: a household's few dozen).
    ///
    /// - Throws: ``AccountError`` `.storage`.
    public func sessions(of name: AccountName, now: Date = Date()) async throws -> [Listed] {
        var found: [Listed] = []
        do {
            for blob in try await blobs.names(startingWith: Self.namePrefix) {
                let digest = String(blob.dropFirst(Self.namePrefix.count))
                guard Hex.isLowercaseHex(digest, count: 64), let session = try await read(digest), session.name.utf8.elementsEqual(name.text.utf8) else { continue }
                let time = now.timeIntervalSince1970
                guard time - session.used < limits.idle, time - session.started < limits.lifetime else { continue }
                found.append(Listed(handle: digest, started: Date(timeIntervalSince1970: session.started), used: Date(timeIntervalSince1970: session.used)))
            }
        } catch let error as DocumentStoreError {
            throw AccountError(.storage, "the sessions of \(name) cannot be listed: \(error.message)", cause: error)
        }
        return found.sorted { ($0.used, $0.started) > ($1.used, $1.started) }
    }

    /// Ends the session `handle` names (``Listed/handle``) if it is `name`'s; whether it was.
    ///
    /// - Throws: ``AccountError`` `.storage`.
    @discardableResult
    public func end(handle: String, of name: AccountName) async throws -> Bool {
        guard Hex.isLowercaseHex(handle, count: 64) else { return false }
        do {
            guard let session = try await read(handle), session.name.utf8.elementsEqual(name.text.utf8) else { return false }
            known[handle] = nil
            try await blobs.delete(Self.namePrefix + handle)
            return true
        } catch let error as DocumentStoreError {
            throw AccountError(.storage, "a session of \(name) cannot be ended: \(error.message)", cause: error)
        }
    }

    /// The handle (``Listed/handle``) of the session `id`: how a page tells "this browser".
    public nonisolated static func handle(of id: String) -> String {
        digest(of: id)
    }

    private func remember(_ digest: String, _ session: StoredSession, read: Date) {
        if known.count >= Self.maxKnown {
            for entry in known.sorted(by: { $0.value.read < $1.value.read }).prefix(Self.maxKnown / 10) { known[entry.key] = nil }
        }
        known[digest] = (session, read)
    }

    /// The stored session of `digest`; nil when there is none or it cannot be one.
    private func read(_ digest: String) async throws -> StoredSession? {
        do {
            guard let blob = try await blobs.read(Self.namePrefix + digest, maxBytes: 4096) else { return nil }
            guard let session = try? JSONDecoder().decode(StoredSession.self, from: blob.data),
                  session.started.isFinite, session.used.isFinite, (try? AccountName(session.name)) != nil else { return nil }
            return session
        } catch let error as DocumentStoreError where error.code == .corrupt {
            return nil
        } catch let error as DocumentStoreError {
            throw AccountError(.storage, "a session cannot be read: \(error.message)", cause: error)
        }
    }

    private func write(_ session: StoredSession, digest: String, mode: BlobWriteMode) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            _ = try await blobs.write(Self.namePrefix + digest, try encoder.encode(session), mode: mode, contentType: "application/json")
        } catch let error as DocumentStoreError {
            throw AccountError(.storage, "a session cannot be stored: \(error.message)", cause: error)
        } catch let error as AccountError {
            throw error
        } catch {
            throw AccountError(.storage, "a session cannot be stored: \(error)")
        }
    }

    /// SHA-256 of the id's bytes, in hex: the blob's name, never the id.
    static func digest(of id: String) -> String {
        Hex.encode(SHA256.hash(data: Array(id.utf8)))
    }
}
