import Foundation
import TestSupport
import Testing
import WebTestSupport

@Suite("Homepwner with accounts, over real sockets", .timeLimit(.minutes(10)))
struct HomepwnerAccountsTests {
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
            tool: "homepwner", folder: folder, readPath: "/api/items", writeRequest: ("POST", "/api/items", #"{"name":"Lamp"}"#), detailPrefix: "/items/"
        ) { extra in try await ServedProcess.homepwner(dataDir: folder, extra: extra) }
    }

    @Test("once the CLI adds people, the server needs a signed-in person on loopback too: invitations set passwords, viewers change nothing, wrong passwords wait, a reset and signing out end sessions")
    func signInByPerson() async throws {
        try await MachineLoad.heavy { try await withTemporaryFolder { folder in
            try await checkSignInByPerson(
                tool: "homepwner", folder: folder, readPath: "/api/items",
                writeRequest: ("POST", "/api/items", #"{"name":"Lamp"}"#)
            ) { try await ServedProcess.homepwner(dataDir: folder) }
        } }
    }

    @Test("with no people, a loopback server works as before (no sign-in; /sign-in sends the browser home) until the CLI adds the first: then (within seconds) every request needs one")
    func noPeopleNoSignIn() async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.homepwner(dataDir: folder)
            defer { _ = server.stop() }
            let raw = RawRequests(port: server.port)
            #expect(try await raw.send("GET", "/api/items").status == 200)
            let signIn = try await raw.send("GET", "/sign-in", headers: ["Accept: text/html"])
            #expect(signIn.status == 303 && signIn.headers["location"] == "/")
            #expect(try await runHomepwner(["users", "add", "anna", "--role", "owner", "--data-dir", folder.path]).status == 0)
            let added = ContinuousClock.now
            var status = 200
            while status == 200, ContinuousClock.now - added < .seconds(15) {
                status = try await raw.send("GET", "/api/items").status
                if status == 200 { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(status == 401)
            #expect(try await raw.send("GET", "/sign-in", headers: ["Accept: text/html"]).status == 200)
        }
    }
}

@Suite("Homepwner records who changed an item, over real sockets", .timeLimit(.minutes(10)))
struct HomepwnerWhoDidWhatTests {
    @Test("an item anna adds with her token names her; ben's change names him; its history lists both newest first (who, when, which fields), on the API and on its page")
    func whoDidWhat() async throws {
        try await MachineLoad.heavy { try await withTemporaryFolder { folder in
            try await checkWhoDidWhat(HistoryCheckApp(
                people: PeopleCheckApp(
                    tool: "homepwner", folder: folder, readPath: "/api/items", writeRequest: ("POST", "/api/items", #"{"name":"Lamp"}"#), detailPrefix: "/items/"
                ) { extra in try await ServedProcess.homepwner(dataDir: folder, extra: extra) },
                keyField: "itemKey", apiPrefix: "/api/items/",
                change: (#"{"name":"Desk lamp","valueInDollars":40,"location":"Study"}"#, ["name", "valueInDollars", "location"], "changed the name, the value and the location")
            ))
        } }
    }
}
