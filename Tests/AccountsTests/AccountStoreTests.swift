import DocumentStore
import Foundation
import TestSupport
import Testing

@testable import Accounts

@Suite("Accounts kept with the data", .timeLimit(.minutes(4)))
struct AccountStoreTests {
    @Test("an owner is added with an invitation; its secret sets the password once; the password then signs in and nothing else does", arguments: StorageKind.allCases)
    func inviteAndSignIn(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = AccountStore(storage: place.storage, cost: testCost)
            let now = Date()
            let anna = try AccountName("Anna")
            let invitation = try await store.add(anna, role: .owner, now: now)
            #expect(invitation.secret.utf8.count == 64 && invitation.path == "/welcome/" + invitation.secret)
            #expect(invitation.expires == now.addingTimeInterval(24 * 60 * 60))
            let stored = try #require(try await store.account(anna))
            #expect(stored.role == .owner && !stored.hasPassword && stored.invitation?.digest != invitation.secret)
            #expect(try await store.check(anna, password: "purple lantern rides") == nil)

            let weak = await #expect(throws: AccountError.self) { try await store.accept(invitation: invitation.secret, password: "password1234", now: now) }
            #expect(weak?.code == .invalidPassword)
            let account = try await store.accept(invitation: invitation.secret, password: "purple lantern rides", now: now.addingTimeInterval(60))
            #expect(account.hasPassword && account.invitation == nil)
            #expect(try await store.check(anna, password: "purple lantern rides")?.name == anna)
            #expect(try await store.check(anna, password: "purple lantern ride") == nil)
            #expect(try await store.check(try AccountName("nobody"), password: "purple lantern rides") == nil)

            let again = await #expect(throws: AccountError.self) { try await store.accept(invitation: invitation.secret, password: "another fine password", now: now) }
            #expect(again?.code == .invitationInvalid)
            // What another process reads is what was written.
            let fresh = AccountStore(storage: place.storage, cost: testCost)
            #expect(try await fresh.book() == (try await store.book()))
            let raw = try #require(try await place.read(AccountBook.blobName))
            #expect(!String(decoding: raw, as: UTF8.self).contains("purple"))
        }
    }

    @Test("an invitation runs out after 24 hours; a reset gives a new one, takes the password away and ends the sessions started before it", arguments: StorageKind.allCases)
    func expiryAndReset(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = AccountStore(storage: place.storage, cost: testCost)
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let name = try AccountName("anna")
            let first = try await store.add(name, role: .owner, now: start)
            let late = await #expect(throws: AccountError.self) { try await store.accept(invitation: first.secret, password: "purple lantern rides", now: start.addingTimeInterval(24 * 60 * 60)) }
            #expect(late?.code == .invitationInvalid)
            let second = try await store.reset(name, now: start.addingTimeInterval(100))
            _ = try await store.accept(invitation: second.secret, password: "purple lantern rides", now: start.addingTimeInterval(200))
            let third = try await store.reset(name, now: start.addingTimeInterval(300))
            #expect(try await store.check(name, password: "purple lantern rides") == nil)
            let account = try #require(try await store.account(name))
            #expect(account.sessionsStartAfter == start.addingTimeInterval(300) && !account.hasPassword)
            let replaced = await #expect(throws: AccountError.self) { try await store.accept(invitation: second.secret, password: "purple lantern rides", now: start.addingTimeInterval(400)) }
            #expect(replaced?.code == .invitationInvalid)
            _ = try await store.accept(invitation: third.secret, password: "green kettle sings", now: start.addingTimeInterval(400))
            #expect(try await store.check(name, password: "green kettle sings") != nil)
        }
    }

    @Test("the first account must be an owner; a name is taken once; the last owner stays while others remain; removing the only account leaves none", arguments: StorageKind.allCases)
    func ownersAndNames(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let store = AccountStore(storage: place.storage, cost: testCost)
            let (anna, ben) = (try AccountName("anna"), try AccountName("ben"))
            let notOwner = await #expect(throws: AccountError.self) { _ = try await store.add(ben, role: .editor) }
            #expect(notOwner?.message == "the first account must be an owner (--role owner): someone has to be able to manage people")
            _ = try await store.add(anna, role: .owner)
            let taken = await #expect(throws: AccountError.self) { _ = try await store.add(try AccountName("ANNA"), role: .viewer) }
            #expect(taken?.code == .exists && taken?.message == "there is already an account named anna")
            _ = try await store.add(ben, role: .viewer)
            let last = await #expect(throws: AccountError.self) { try await store.remove(anna) }
            #expect(last?.code == .lastOwner)
            let missing = await #expect(throws: AccountError.self) { try await store.remove(try AccountName("carl")) }
            #expect(missing?.code == .notFound && missing?.message == "there is no account named carl")
            try await store.remove(ben)
            try await store.remove(anna)
            #expect(try await store.book().accounts.isEmpty)
        }
    }

    @Test("two stores adding people at once on one storage (two servers, or a server and a command) both keep every account: a write that lost reads again and retries", arguments: StorageKind.allCases)
    func concurrentAdds(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let one = AccountStore(storage: place.storage, cost: testCost)
            let two = AccountStore(storage: place.storage, cost: testCost)
            _ = try await one.add(try AccountName("owner"), role: .owner)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, store) in [one, two].enumerated() {
                    group.addTask {
                        for number in 0..<6 { _ = try await store.add(try AccountName("p\(index)-\(number)"), role: .editor) }
                    }
                }
                try await group.waitForAll()
            }
            let names = try await AccountStore(storage: place.storage, cost: testCost).book().accounts.map(\.name.text)
            #expect(names == ["owner"] + (0..<2).flatMap { index in (0..<6).map { "p\(index)-\($0)" } })
        }
    }

    @Test("what another store (a command, another server) changes is what the next read sees, after this store's own writes too", arguments: StorageKind.allCases)
    func othersChangesAreSeen(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let server = AccountStore(storage: place.storage, cost: testCost)
            let command = AccountStore(storage: place.storage, cost: testCost)
            let anna = try AccountName("anna")
            let invitation = try await command.add(anna, role: .owner)
            #expect(try await server.book().account(anna)?.hasPassword == false)
            _ = try await server.accept(invitation: invitation.secret, password: "purple lantern rides")
            #expect(try await server.book().account(anna)?.hasPassword == true)
            _ = try await command.reset(anna)
            #expect(try await server.book().account(anna)?.hasPassword == false)
        }
    }

    @Test("a damaged accounts file is reported, and no change overwrites it", arguments: StorageKind.allCases)
    func damagedFileIsKept(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            try await place.write(AccountBook.blobName, Data("{\"format\": 7}".utf8))
            let store = AccountStore(storage: place.storage, cost: testCost)
            let error = await #expect(throws: AccountError.self) { _ = try await store.add(try AccountName("anna"), role: .owner) }
            #expect(error?.code == .unreadable)
            #expect(try await place.read(AccountBook.blobName) == Data("{\"format\": 7}".utf8))
        }
    }
}
