import Foundation
import Testing
import TestSupport

/// What the check of who did what is given: the app's people check settings (its
/// `writeRequest` makes a document), the JSON field that holds a new document's key, the API
/// path documents live under (`/api/items/`), and a change of one (a JSON body for `PATCH`, the
/// fields the API names it by, the words its page says it in).
public struct HistoryCheckApp {
    /// The app, its folder and its server.
    public var people: PeopleCheckApp
    /// The JSON field of a document's key (`itemKey`).
    public var keyField: String
    /// The API path of the documents, ending in `/`.
    public var apiPrefix: String
    /// A change: the `PATCH` body, the fields it changes by their API names, its words on the page.
    public var change: (body: String, fields: [String], words: String)

    /// The app's check settings.
    public init(people: PeopleCheckApp, keyField: String, apiPrefix: String, change: (body: String, fields: [String], words: String)) {
        self.people = people
        self.keyField = keyField
        self.apiPrefix = apiPrefix
        self.change = change
    }
}

/// Who did what, over a real server: a document anna (an owner) makes with her token names her
/// as `createdBy`; ben (an editor) changes it with his, and it names him as `updatedBy`; its
/// history (`…/history`) lists both changes newest first, with who, when and which fields; its
/// page says the same in words.
public func checkWhoDidWhat(_ app: HistoryCheckApp) async throws {
    let (tool, storage) = (app.people.tool, app.people.storage)
    var (server, owner) = try await app.people.servedWithOwner()
    defer { _ = server.stop() }
    let ben = try await runBuilt(tool, ["users", "add", "ben", "--role", "editor"] + storage)
    var bensBrowser = AccountBrowser(port: server.port)
    #expect(try await bensBrowser.accept(invitation: try #require(AccountBrowser.invitationPath(in: ben.output)), password: "green kettle sings").status == 303)
    func token(of name: String) async throws -> String {
        let made = try await runBuilt(tool, ["users", "token", name, "--label", "history"] + storage)
        #expect(made.status == 0, "\(made.errors)")
        return try #require(made.output.split(separator: "\n").dropFirst().first.map(String.init))
    }
    let (annasToken, bensToken) = (try await token(of: "anna"), try await token(of: "ben"))
    let raw = RawRequests(port: server.port)
    func send(_ method: String, _ path: String, as token: String, body: String = "") async throws -> (status: Int, json: [String: Any]) {
        let answer = try await raw.send(method, path, headers: ["Authorization: Bearer \(token)", "Content-Type: application/json"], body: body)
        return (answer.status, (try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]) ?? [:])
    }
    // A new token is known within seconds on a running server.
    for secret in [annasToken, bensToken] {
        var status = 0
        for _ in 0..<50 where status != 200 {
            status = try await send("GET", app.people.readPath, as: secret).status
            if status != 200 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(status == 200)
    }

    let made = try await send(app.people.writeRequest.method, app.people.writeRequest.path, as: annasToken, body: app.people.writeRequest.body)
    #expect(made.status == 201)
    #expect(made.json["createdBy"] as? String == "anna" && made.json["updatedBy"] as? String == "anna")
    let key = try #require(made.json[app.keyField].map { "\($0)" })
    let changed = try await send("PATCH", app.apiPrefix + key, as: bensToken, body: app.change.body)
    #expect(changed.status == 200)
    #expect(changed.json["createdBy"] as? String == "anna" && changed.json["updatedBy"] as? String == "ben")

    let history = try await send("GET", app.apiPrefix + key + "/history", as: bensToken)
    #expect(history.status == 200)
    #expect(history.json["createdBy"] as? String == "anna" && history.json["updatedBy"] as? String == "ben")
    let changes = history.json["changes"] as? [[String: Any]] ?? []
    #expect(changes.map { $0["person"] as? String } == ["ben", "anna"])
    #expect(changes.map { $0["action"] as? String } == ["changed", "created"])
    #expect(changes.map { $0["fields"] as? [String] ?? ["?"] } == [app.change.fields, []])
    #expect(changes.allSatisfy { ($0["date"] as? String)?.hasSuffix("Z") == true })

    // The page says who, and what, in words; the newest change first.
    let page = try await owner.send("GET", app.people.detailPrefix + key, headers: ["Accept: text/html"])
    #expect(page.status == 200)
    #expect(page.text.contains(#"Added by <strong class="person">anna</strong>. Last changed by <strong class="person">ben</strong>."#))
    let rows = page.text.components(separatedBy: #"<li class="history-row">"#).dropFirst()
    #expect(rows.map { $0.components(separatedBy: "</time> ").dropFirst().first?.components(separatedBy: "</li>").first ?? "" } == [
        #"<span class="who person">ben</span> <span class="what">\#(app.change.words)</span>"#,
        #"<span class="who person">anna</span> <span class="what">added it</span>"#,
    ])
}
