import Foundation
import Testing
import TestSupport

/// What the checks of people's pages are given: the app's command (`homepwner` or
/// `scary-creatures`), its data folder, `serve(extra)` that starts a server process of it with
/// `extra` arguments, an API read every person may make (`readPath`), a change (method, path,
/// JSON body) an editor may make and a viewer may not (`writeRequest`), which makes a document
/// whose page's path starts with `detailPrefix` (`/items/`), linked from the home page.
public struct PeopleCheckApp {
    /// The command.
    public var tool: String
    /// The data folder.
    public var folder: URL
    /// An API read.
    public var readPath: String
    /// A change an editor may make.
    public var writeRequest: (method: String, path: String, body: String)
    /// The start of a document page's path.
    public var detailPrefix: String
    /// Starts a server with extra arguments.
    public var serve: ([String]) async throws -> ServedProcess

    /// The app's check settings.
    public init(
        tool: String, folder: URL, readPath: String, writeRequest: (method: String, path: String, body: String), detailPrefix: String,
        serve: @escaping ([String]) async throws -> ServedProcess
    ) {
        self.tool = tool
        self.folder = folder
        self.readPath = readPath
        self.writeRequest = writeRequest
        self.detailPrefix = detailPrefix
        self.serve = serve
    }

    var storage: [String] { ["--storage", folder.path] }

    /// A server of the app whose owner anna (added by the CLI) has set her password in
    /// `owner`'s browser.
    func servedWithOwner(_ extra: [String] = []) async throws -> (ServedProcess, AccountBrowser) {
        let anna = try await runBuilt(tool, ["users", "add", "anna", "--role", "owner"] + storage)
        let annaLink = try #require(AccountBrowser.invitationPath(in: anna.output))
        let server = try await serve(extra)
        var owner = AccountBrowser(port: server.port)
        #expect(try await owner.send("GET", readPath).status == 401)
        #expect(try await owner.accept(invitation: annaLink, password: "purple lantern rides").status == 303)
        return (server, owner)
    }
}

/// Beyond loopback only with people (or a token), and personal access tokens: made by the CLI
/// and on the Account page, shown once, Bearers that act as their person, listed without their
/// secret, revoked.
public func checkTokensBeyondLoopback(_ app: PeopleCheckApp) async throws {
    let (tool, storage, readPath, writeRequest) = (app.tool, app.storage, app.readPath, app.writeRequest)
    // Beyond loopback with no one and no token: refused, with the way out.
    let refused = try await runBuilt(tool, ["serve", "--host", "0.0.0.0", "--port", "0"] + storage)
    #expect(refused.status == 74 && refused.errors.contains("no one has an account: add the first owner with \(tool) users add NAME --role owner"))

    // With an owner it starts on 0.0.0.0; nothing is let in without a session.
    var (server, owner) = try await app.servedWithOwner(["--host", "0.0.0.0"])
    defer { _ = server.stop() }

    // The CLI's token: shown once, a Bearer that acts as anna; listed without its secret; revoked.
    let made = try await runBuilt(tool, ["users", "token", "anna", "--label", "ci"] + storage)
    #expect(made.status == 0, "\(made.errors)")
    let secret = try #require(made.output.split(separator: "\n").dropFirst().first.map(String.init))
    #expect(secret.hasPrefix("pat_") && secret.utf8.count == 68)
    let raw = RawRequests(port: server.port)
    var status = 0
    for _ in 0..<50 where status != 200 {
        status = try await raw.send("GET", readPath, headers: ["Authorization: Bearer \(secret)"]).status
        if status != 200 { try await Task.sleep(for: .milliseconds(100)) }
    }
    #expect(status == 200, "a new token works within seconds on a running server")
    let wrote = try await raw.send(writeRequest.method, writeRequest.path, headers: ["Authorization: Bearer \(secret)", "Content-Type: application/json"], body: writeRequest.body)
    #expect((200..<300).contains(wrote.status), "an owner's token changes data")
    let listed = try await runBuilt(tool, ["users", "tokens", "--json"] + storage)
    #expect(listed.status == 0 && listed.output.contains(#""label" : "ci""#) && !listed.output.contains(secret))
    let taken = try await runBuilt(tool, ["users", "token", "anna", "--label", "ci"] + storage)
    #expect(taken.status == 73 && taken.errors.contains("already has a token labelled"))
    #expect(try await runBuilt(tool, ["users", "revoke-token", "anna", "--label", "ci"] + storage).status == 0)
    status = 200
    for _ in 0..<50 where status != 401 {
        status = try await raw.send("GET", readPath, headers: ["Authorization: Bearer \(secret)"]).status
        if status != 401 { try await Task.sleep(for: .milliseconds(100)) }
    }
    #expect(status == 401, "a revoked token stops working within seconds")
    #expect(try await raw.send("GET", readPath, headers: ["Authorization: Bearer pat_" + String(repeating: "0", count: 64)]).errorCode == "unauthorized")

    // The Account page: this browser's session; a token made there is shown once, works, and is revoked there at once.
    let account = try await owner.send("GET", "/account", headers: ["Accept: text/html"])
    #expect(account.status == 200 && account.text.contains("<strong>anna</strong>, owner.") && account.text.contains("<strong>This browser</strong>"))
    var formToken = try #require(AccountBrowser.formToken(in: account.text))
    let makeToken = try await owner.send("POST", "/account/tokens", headers: ["Accept: text/html"], form: [("_formtoken", formToken), ("label", "backup")])
    #expect(makeToken.status == 303 && makeToken.headers["location"] == "/account")
    let shown = try await owner.send("GET", "/account", headers: ["Accept: text/html"])
    let pageSecret = try #require(shown.text.range(of: #"id="new-token" type="text" readonly value=""#).map { String(shown.text[$0.upperBound...].prefix { $0 != "\"" }) })
    #expect(pageSecret.hasPrefix("pat_"))
    #expect(try await owner.send("GET", "/account", headers: ["Accept: text/html"]).text.contains(pageSecret) == false, "shown once")
    #expect(try await raw.send("GET", readPath, headers: ["Authorization: Bearer \(pageSecret)"]).status == 200)
    formToken = try #require(AccountBrowser.formToken(in: shown.text))
    #expect(try await owner.send("POST", "/account/tokens/revoke", headers: ["Accept: text/html"], form: [("_formtoken", formToken), ("label", "backup")]).status == 303)
    #expect(try await raw.send("GET", readPath, headers: ["Authorization: Bearer \(pageSecret)"]).status == 401, "revoked on its own server at once")

}

/// The People page: an owner invites an editor (the link shown once, and working), changes
/// their role (a viewer's pages then show no control that changes data), cannot demote the last
/// owner, and removes a person (after the confirmation), whose sessions end at once.
public func checkPeoplePage(_ app: PeopleCheckApp) async throws {
    let (storage, readPath, writeRequest, detailPrefix) = (app.storage, app.readPath, app.writeRequest, app.detailPrefix)
    var (server, owner) = try await app.servedWithOwner()
    defer { _ = server.stop() }
    var formToken = ""
    // The People page: an owner invites an editor; the link is shown once and works; a role change and a removal are obeyed at once.
    let people = try await owner.send("GET", "/people", headers: ["Accept: text/html"])
    #expect(people.status == 200 && people.text.contains("<strong>anna</strong> (you)"))
    formToken = try #require(AccountBrowser.formToken(in: people.text))
    let refusedName = try await owner.send("POST", "/people", headers: ["Accept: text/html"], form: [("_formtoken", formToken), ("name", "no spaces allowed"), ("role", "editor")])
    #expect(refusedName.status == 303)
    #expect(try await owner.send("GET", "/people", headers: ["Accept: text/html"]).text.contains(#"role="alert">A name is 1 to 32 ASCII letters"#))
    #expect(try await owner.send("POST", "/people", headers: ["Accept: text/html"], form: [("_formtoken", formToken), ("name", "cleo"), ("role", "editor")]).status == 303)
    let invited = try await owner.send("GET", "/people", headers: ["Accept: text/html"])
    let link = try #require(invited.text.range(of: "/welcome/").map { "/welcome/" + invited.text[$0.upperBound...].prefix { $0.isHexDigit } })
    #expect(invited.text.contains("Invited until"))
    var editor = AccountBrowser(port: server.port)
    #expect(try await editor.accept(invitation: link, password: "green kettle sings").status == 303)
    #expect(try await editor.send("GET", "/people", headers: ["Accept: text/html"]).status == 403, "only owners manage people")
    #expect(try await send(writeRequest, as: editor).status < 300)
    #expect(try await owner.send("POST", "/people/cleo/role", headers: ["Accept: text/html"], form: [("_formtoken", formToken), ("role", "viewer")]).status == 303)
    #expect(try await send(writeRequest, as: editor).status == 403, "a viewer now")
    let viewerHome = try await editor.send("GET", "/", headers: ["Accept: text/html"])
    #expect(viewerHome.status == 200 && viewerHome.text.contains("(viewer)"))
    // A viewer's pages show no control that changes data: the only form that posts signs out.
    #expect(postedForms(in: viewerHome.text) == ["/sign-out"])
    let detail = try #require(viewerHome.text.range(of: "href=\"\(detailPrefix)").map { match in
        detailPrefix + viewerHome.text[match.upperBound...].prefix { $0 != "\"" }
    })
    let viewerDetail = try await editor.send("GET", detail, headers: ["Accept: text/html"])
    #expect(viewerDetail.status == 200 && postedForms(in: viewerDetail.text) == ["/sign-out"])
    #expect(postedForms(in: try await owner.send("GET", detail, headers: ["Accept: text/html"]).text).count > 2, "an owner's page has its forms")
    let lastOwner = try await owner.send("POST", "/people/anna/role", headers: ["Accept: text/html"], form: [("_formtoken", formToken), ("role", "editor")])
    #expect(lastOwner.status == 303)
    #expect(try await owner.send("GET", "/people", headers: ["Accept: text/html"]).text.contains("is the last owner: make another account an owner first."))

    // Removing a person (after the confirmation) ends their sessions at once.
    formToken = try #require(AccountBrowser.formToken(in: try await owner.send("GET", "/people/cleo/delete", headers: ["Accept: text/html"]).text))
    #expect(try await owner.send("POST", "/people/cleo/delete", headers: ["Accept: text/html"], form: [("_formtoken", formToken), ("confirm", "yes")]).status == 303)
    #expect(try await editor.send("GET", readPath).status == 401)
    let gone = try await runBuilt(app.tool, ["users", "list", "--json"] + storage)
    #expect(gone.output.contains(#""name" : "anna""#) && !gone.output.contains("cleo"))
}

/// The Account page's sessions and password: "sign out everywhere" ends every session of the
/// person at its next request; a new password needs the current one, ends the other sessions
/// and keeps this browser's.
public func checkSessionsAndPassword(_ app: PeopleCheckApp) async throws {
    let readPath = app.readPath
    var (server, owner) = try await app.servedWithOwner()
    defer { _ = server.stop() }
    var formToken = ""
    // Sign out everywhere: every session of anna's ends on its next request; a new sign-in works.
    var second = AccountBrowser(port: server.port)
    #expect(try await second.signIn("anna", "purple lantern rides").status == 303)
    formToken = try #require(AccountBrowser.formToken(in: try await owner.send("GET", "/account", headers: ["Accept: text/html"]).text))
    let everywhere = try await owner.send("POST", "/account/sign-out-everywhere", headers: ["Accept: text/html"], form: [("_formtoken", formToken)])
    #expect(everywhere.status == 303 && everywhere.headers["location"] == "/sign-in")
    #expect(try await second.send("GET", readPath).status == 401)
    #expect(try await owner.send("GET", readPath).status == 401)

    // A new password: the wrong current one is refused on the page; the right one ends other sessions, keeps this browser's.
    #expect(try await owner.signIn("anna", "purple lantern rides").status == 303)
    #expect(try await second.signIn("anna", "purple lantern rides").status == 303)
    formToken = try #require(AccountBrowser.formToken(in: try await owner.send("GET", "/account", headers: ["Accept: text/html"]).text))
    let wrongCurrent = try await owner.send("POST", "/account/password", headers: ["Accept: text/html"], form: [
        ("_formtoken", formToken), ("current", "not my password"), ("password", "a brand new password"), ("repeat", "a brand new password"),
    ])
    #expect(wrongCurrent.status == 303)
    #expect(try await owner.send("GET", "/account", headers: ["Accept: text/html"]).text.contains("That is not your current password."))
    let changed = try await owner.send("POST", "/account/password", headers: ["Accept: text/html"], form: [
        ("_formtoken", formToken), ("current", "purple lantern rides"), ("password", "a brand new password"), ("repeat", "a brand new password"),
    ])
    #expect(changed.status == 303 && changed.headers["location"] == "/account")
    #expect(try await owner.send("GET", "/account", headers: ["Accept: text/html"]).text.contains("Your password is changed."))
    #expect(try await second.send("GET", readPath).status == 401)
    var stranger = AccountBrowser(port: server.port)
    #expect(try await stranger.signIn("anna", "purple lantern rides").status == 401)

}

/// Where each form of `html` that posts sends it.
private func postedForms(in html: String) -> [String] {
    html.components(separatedBy: #"<form method="post" action=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
}

/// Sends `request` (method, path, JSON body) with `browser`'s cookies.
private func send(_ request: (method: String, path: String, body: String), as browser: AccountBrowser) async throws -> RawResponse {
    try await browser.raw.send(request.method, request.path, headers: [
        "Cookie: " + browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "), "Content-Type: application/json",
    ], body: request.body)
}
