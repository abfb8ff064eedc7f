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

@Suite("Scary Creatures records who changed a creature, over real sockets", .timeLimit(.minutes(10)))
struct ScaryCreaturesWhoDidWhatTests {
    @Test("a creature anna adds with her token names her; ben's change names him; its history lists both newest first (who, when, which fields), on the API and on its page")
    func whoDidWhat() async throws {
        try await MachineLoad.heavy { try await withTemporaryFolder { folder in
            try await checkWhoDidWhat(HistoryCheckApp(
                people: PeopleCheckApp(
                    tool: "scary-creatures", folder: folder, readPath: "/api/creatures", writeRequest: ("POST", "/api/creatures", #"{"title":"Ghost"}"#), detailPrefix: "/creatures/"
                ) { extra in try await ServedProcess.scaryCreatures(dataDir: folder, extra: extra) },
                keyField: "id", apiPrefix: "/api/creatures/",
                change: (#"{"title":"Grey ghost","rating":4}"#, ["title", "rating"], "changed the title and the rating")
            ))
        } }
    }
}
