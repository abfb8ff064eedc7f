import DocumentStore
import Foundation
import TestSupport
import Testing

@testable import Accounts

@Suite("Personal access tokens, roles and passwords changed", .timeLimit(.minutes(4)))
struct PersonalTokenTests {
    @Test("a token is stored only as its SHA-256, found by its secret, unique per label, revoked by label, and gone after a reset", arguments: StorageKind.allCases)
    func tokens(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = AccountStore(storage: place.storage, cost: testCost)
            let anna = try AccountName("anna"), ben = try AccountName("ben")
            _ = try await store.add(anna, role: .owner)
            _ = try await store.add(ben, role: .viewer)
            let made = Date(timeIntervalSinceReferenceDate: 817_000_000.123_456)
            let ci = try await store.issueToken(for: anna, label: "  ci  ", now: made)
            #expect(ci.label == "ci" && ci.created == made)
            #expect(ci.secret.hasPrefix("pat_") && PersonalToken.isSecret(ci.secret[...]))
            let bens = try await store.issueToken(for: ben, label: "ci")
            let taken = await #expect(throws: AccountError.self) { try await store.issueToken(for: anna, label: "ci") }
            #expect(taken?.code == .exists)
            // "é" and "e\u{301}" are the same to Swift's ==, not to a label.
            _ = try await store.issueToken(for: anna, label: "caf\u{E9}")
            _ = try await store.issueToken(for: anna, label: "cafe\u{301}")

            let book = try await AccountStore(storage: place.storage, cost: testCost).book()
            #expect(book.bearer(ofTokenDigest: PersonalToken.digest(of: ci.secret[...]))?.account.name == anna)
            #expect(book.bearer(ofTokenDigest: PersonalToken.digest(of: bens.secret[...]))?.account.name == ben)
            #expect(book.bearer(ofTokenDigest: PersonalToken.digest(of: "pat_" + String(repeating: "0", count: 64))) == nil)
            #expect(book.account(anna)?.tokens.map(\.label) == ["ci", "caf\u{E9}", "cafe\u{301}"])
            #expect(book.account(anna)?.tokens.first?.created == made, "the time reads back bit for bit")
            let raw = String(decoding: try #require(try await place.read(AccountBook.blobName)), as: UTF8.self)
            #expect(!raw.contains(String(ci.secret.dropFirst(4))))

            try await store.revokeToken(of: anna, label: "cafe\u{301}")
            #expect(try await store.account(anna)?.tokens.map(\.label) == ["ci", "caf\u{E9}"])
            let unknown = await #expect(throws: AccountError.self) { try await store.revokeToken(of: anna, label: "cafe\u{301}") }
            #expect(unknown?.code == .notFound)
            _ = try await store.reset(anna)
            #expect(try await store.account(anna)?.tokens == [])
            #expect(try await store.book().bearer(ofTokenDigest: PersonalToken.digest(of: ci.secret[...])) == nil)
        }
    }

    @Test("a label is 1 to 64 characters without control, format (bidi, zero-width) or line-break characters", arguments: [
        ("", false), ("   ", false), (String(repeating: "x", count: 64), true), (String(repeating: "x", count: 65), false),
        ("back\nup", false), ("tab\there", false), ("zero\u{200B}width", false), ("backup \u{1F4BE}", true), ("rtl\u{202E}", false), ("backup script", true),
    ])
    func labels(text: String, valid: Bool) {
        #expect(((try? PersonalToken.label(text)) != nil) == valid)
    }

    @Test("a role changes, but the last owner stays one; sign out everywhere moves sessionsStartAfter", arguments: StorageKind.allCases)
    func roles(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = AccountStore(storage: place.storage, cost: testCost)
            let anna = try AccountName("anna"), ben = try AccountName("ben")
            _ = try await store.add(anna, role: .owner)
            _ = try await store.add(ben, role: .viewer)
            try await store.setRole(of: ben, to: .editor)
            #expect(try await store.account(ben)?.role == .editor)
            let last = await #expect(throws: AccountError.self) { try await store.setRole(of: anna, to: .editor) }
            #expect(last?.code == .lastOwner)
            try await store.setRole(of: ben, to: .owner)
            try await store.setRole(of: anna, to: .viewer)
            #expect(try await store.account(anna)?.role == .viewer)
            let missing = await #expect(throws: AccountError.self) { try await store.setRole(of: try AccountName("cleo"), to: .owner) }
            #expect(missing?.code == .notFound)
            let now = Date(timeIntervalSinceReferenceDate: 820_000_000.5)
            try await store.endSessions(of: ben, now: now)
            #expect(try await store.account(ben)?.sessionsStartAfter == now)
        }
    }

    @Test("a password changes only with the current one and within the rules; the old one stops working and older sessions end")
    func changePassword() async throws {
        try await withStoragePlace(.folder) { place in
            let store = AccountStore(storage: place.storage, cost: testCost)
            let anna = try AccountName("anna")
            let invitation = try await store.add(anna, role: .owner)
            _ = try await store.accept(invitation: invitation.secret, password: "purple lantern rides")
            let wrong = await #expect(throws: AccountError.self) { try await store.changePassword(of: anna, current: "purple lantern ride", new: "green kettle sings") }
            #expect(wrong?.code == .wrongPassword)
            let weak = await #expect(throws: AccountError.self) { try await store.changePassword(of: anna, current: "purple lantern rides", new: "password1234") }
            #expect(weak?.code == .invalidPassword)
            let now = Date(timeIntervalSinceReferenceDate: 830_000_000.25)
            let changed = try await store.changePassword(of: anna, current: "purple lantern rides", new: "green kettle sings", now: now)
            #expect(changed.sessionsStartAfter == now)
            #expect(try await store.check(anna, password: "purple lantern rides") == nil)
            #expect(try await store.check(anna, password: "green kettle sings")?.name == anna)
        }
    }

    @Test("a person's sessions are listed newest use first by a handle that is not the id; one ends by its handle only for its person", arguments: StorageKind.allCases)
    func listedSessions(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let sessions = SessionStore(blobs: place.storage.blobs())
            let anna = try AccountName("anna"), ben = try AccountName("ben")
            let start = Date()
            let older = try await sessions.start(for: anna, now: start.addingTimeInterval(-7200))
            let newer = try await sessions.start(for: anna, now: start.addingTimeInterval(-60))
            let bens = try await sessions.start(for: ben, now: start)
            let listed = try await sessions.sessions(of: anna, now: start)
            #expect(listed.map(\.handle) == [SessionStore.handle(of: newer), SessionStore.handle(of: older)])
            #expect(!listed.map(\.handle).contains(newer) && !listed.map(\.handle).contains(older))
            #expect(try await sessions.end(handle: SessionStore.handle(of: bens), of: anna) == false, "not anna's")
            #expect(try await sessions.session(bens) != nil)
            #expect(try await sessions.end(handle: SessionStore.handle(of: older), of: anna))
            #expect(try await SessionStore(blobs: place.storage.blobs()).session(older) == nil)
            #expect(try await sessions.sessions(of: anna, now: start).count == 1)
            #expect(try await sessions.end(handle: "../../etc/passwd", of: anna) == false)
        }
    }
}
