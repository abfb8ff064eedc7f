import Foundation
import TestSupport
import Testing
import WebTestSupport

@Suite("Scary Creatures with accounts, over real sockets", .timeLimit(.minutes(4)))
struct ScaryCreaturesAccountsTests {
    @Test("people manage themselves and each other: tokens from the CLI and the Account page, the People page's invitations, roles and removals, sign out everywhere, a new password; beyond loopback only with accounts")
    func accountPagesAndTokens() async throws {
        try await withTemporaryFolder { folder in
            try await checkAccountPagesAndTokens(
                tool: "scary-creatures", folder: folder, readPath: "/api/creatures",
                writeRequest: ("POST", "/api/creatures", #"{"title":"Ghost"}"#)
            , detailPrefix: "/creatures/"
            ) { extra in try await ServedProcess.scaryCreatures(dataDir: folder, extra: extra) }
        }
    }

    @Test("once the CLI adds people, the server needs a signed-in person on loopback too: invitations set passwords, viewers change nothing, wrong passwords wait, a reset and signing out end sessions")
    func signInByPerson() async throws {
        try await withTemporaryFolder { folder in
            try await checkSignInByPerson(
                tool: "scary-creatures", folder: folder, readPath: "/api/creatures",
                writeRequest: ("POST", "/api/creatures", #"{"title":"Ghost"}"#)
            ) { try await ServedProcess.scaryCreatures(dataDir: folder) }
        }
    }
}
