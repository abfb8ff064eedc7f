import Foundation
import TestSupport
import Testing
import WebTestSupport

@Suite("Scary Creatures with accounts, over real sockets", .timeLimit(.minutes(10)))
struct ScaryCreaturesAccountsTests {
    @Test("beyond loopback only with people or a token; personal access tokens from the CLI and the Account page are shown once, act as their person, are listed without their secret and stop when revoked")
    func tokensBeyondLoopback() async throws {
        try await MachineLoad.heavy { try await withTemporaryFolder { folder in try await checkTokensBeyondLoopback(app(folder)) } }
    }

    @Test("the People page: an owner invites an editor, changes a role (the viewer then sees no controls), cannot demote the last owner, removes a person whose sessions end at once")
    func peoplePage() async throws {
        try await MachineLoad.heavy { try await withTemporaryFolder { folder in try await checkPeoplePage(app(folder)) } }
    }

    @Test("the Account page: sign out everywhere ends every session at its next request; a new password needs the current one, ends the other sessions and keeps this one")
    func sessionsAndPassword() async throws {
        try await MachineLoad.heavy { try await withTemporaryFolder { folder in try await checkSessionsAndPassword(app(folder)) } }
    }

    /// This app for the checks of people's pages, on `folder`.
    private func app(_ folder: URL) -> PeopleCheckApp {
        PeopleCheckApp(
            tool: "scary-creatures", folder: folder, readPath: "/api/creatures", writeRequest: ("POST", "/api/creatures", #"{"title":"Ghost"}"#), detailPrefix: "/creatures/"
        ) { extra in try await ServedProcess.scaryCreatures(dataDir: folder, extra: extra) }
    }

    @Test("once the CLI adds people, the server needs a signed-in person on loopback too: invitations set passwords, viewers change nothing, wrong passwords wait, a reset and signing out end sessions")
    func signInByPerson() async throws {
        try await MachineLoad.heavy { try await withTemporaryFolder { folder in
            try await checkSignInByPerson(
                tool: "scary-creatures", folder: folder, readPath: "/api/creatures",
                writeRequest: ("POST", "/api/creatures", #"{"title":"Ghost"}"#)
            ) { try await ServedProcess.scaryCreatures(dataDir: folder) }
        } }
    }
}
