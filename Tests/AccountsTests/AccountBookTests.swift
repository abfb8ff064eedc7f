import Foundation
import Testing

@testable import Accounts

@Suite("The stored accounts document")
struct AccountBookTests {
    @Test("a book is written and read back exactly: names, roles, hashes, invitations, tokens and times to the last bit")
    func roundTrip() throws {
        let hash = try PasswordHash.make(password: "purple lantern rides", cost: testCost)
        let book = AccountBook([
            Account(name: try AccountName("zoe"), role: .viewer, invitation: Invitation(digest: String(repeating: "ab", count: 32), expires: Date(timeIntervalSince1970: 1_795_980_510.790_123_4)),
                    created: Date(timeIntervalSince1970: 0.1), sessionsStartAfter: Date(timeIntervalSince1970: 0.1)),
            Account(name: try AccountName("anna"), role: .owner, passwordHash: hash, created: Date(timeIntervalSince1970: 1_795_980_000.123_456_789),
                    sessionsStartAfter: Date(timeIntervalSince1970: 1_795_980_001.987_654_321),
                    tokens: [PersonalToken(label: "backup \u{1F4BE}", digest: String(repeating: "cd", count: 32), created: Date(timeIntervalSince1970: 1_795_980_002.5))]),
        ])
        #expect(book.accounts.map(\.name.text) == ["anna", "zoe"])
        let read = try AccountBook(decoding: book.encoded(), from: "test")
        #expect(read == book)
        #expect(read.accounts.map(\.created.timeIntervalSinceReferenceDate.bitPattern) == book.accounts.map(\.created.timeIntervalSinceReferenceDate.bitPattern))
        #expect(read.accounts[1].invitation?.expires.timeIntervalSinceReferenceDate.bitPattern == book.accounts[1].invitation?.expires.timeIntervalSinceReferenceDate.bitPattern)
        // A time made now (its fraction of a second as the clock gave it) survives too.
        let now = Date()
        let made = AccountBook([Account(name: try AccountName("carl"), role: .editor, created: now, sessionsStartAfter: now)])
        #expect(try AccountBook(decoding: made.encoded(), from: "test").accounts.first?.created == now)
    }

    @Test("a document that is damaged, of a later format, or holds an invalid value is refused with what is wrong, and never guessed at", arguments: [
        ("not json", "it is not an accounts document"),
        (#"{"format": 2, "accounts": []}"#, "a newer release wrote it (format 2)"),
        (#"{"format": 0, "accounts": []}"#, "its format 0 is unknown"),
        (#"{"format": 1, "accounts": [{"name": "Anna", "role": "owner", "created": 0, "sessionsStartAfter": 0}]}"#, "an account's name is not a valid name"),
        (#"{"format": 1, "accounts": [{"name": "anna", "role": "owner", "created": 0, "sessionsStartAfter": 0}, {"name": "anna", "role": "viewer", "created": 0, "sessionsStartAfter": 0}]}"#, "two accounts are named anna"),
        (#"{"format": 1, "accounts": [{"name": "anna", "role": "admin", "created": 0, "sessionsStartAfter": 0}]}"#, "anna's role is not one"),
        (#"{"format": 1, "accounts": [{"name": "anna", "role": "owner", "passwordHash": "plain", "created": 0, "sessionsStartAfter": 0}]}"#, "anna's password hash is not one"),
        (#"{"format": 1, "accounts": [{"name": "anna", "role": "owner", "invitation": {"digest": "AB", "expires": 1}, "created": 0, "sessionsStartAfter": 0}]}"#, "anna's invitation is not one"),
        (#"{"format": 1, "accounts": [{"name": "anna", "role": "owner", "created": "yesterday", "sessionsStartAfter": 0}]}"#, "it is not an accounts document"),
        (#"{"format": 1, "accounts": [{"name": "anna", "role": "owner", "created": 0, "sessionsStartAfter": 0, "tokens": [{"label": "", "digest": "\#(String(repeating: "a", count: 64))", "created": 0}]}]}"#, "a token of anna's is not one"),
        (#"{"format": 1, "accounts": [{"name": "anna", "role": "owner", "created": 0, "sessionsStartAfter": 0, "tokens": [{"label": "ci", "digest": "secret", "created": 0}]}]}"#, "a token of anna's is not one"),
        (#"{"format": 1, "accounts": [{"name": "anna", "role": "owner", "created": 0, "sessionsStartAfter": 0, "tokens": [{"label": "ci", "digest": "\#(String(repeating: "a", count: 64))", "created": 0}, {"label": "ci", "digest": "\#(String(repeating: "b", count: 64))", "created": 1}]}]}"#, "anna has two tokens labelled \u{201C}ci\u{201D}"),
    ])
    func refused(text: String, why: String) {
        let error = #expect(throws: AccountError.self) { try AccountBook(decoding: Data(text.utf8), from: "/data/.accounts.json") }
        #expect(error?.code == .unreadable)
        #expect(error?.message == "the accounts in /data/.accounts.json cannot be read: \(why); nothing was changed (restore the file from a backup, or remove it to start again with no accounts)")
    }
}
