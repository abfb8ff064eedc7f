import Foundation
import Testing
import TestSupport

/// A browser's part in signing in by person, over raw HTTP: it keeps the cookies a server sets
/// (by name, the last value; `Max-Age=0` removes one) and sends them back, and fills the account
/// pages' forms as a person would.
public struct AccountBrowser: Sendable {
    /// The server's requests.
    public let raw: RawRequests
    /// The cookies held, by name.
    public private(set) var cookies: [String: String] = [:]

    /// A browser with no cookies, for the server on `port`.
    public init(port: Int) {
        raw = RawRequests(port: port)
    }

    /// Sends `method path` with the cookies held (and `headers`, and a form `body`), keeping
    /// what the answer sets.
    public mutating func send(_ method: String, _ path: String, headers: [String] = [], form: [(String, String)]? = nil) async throws -> RawResponse {
        var lines = headers
        if !cookies.isEmpty { lines.append("Cookie: " + cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")) }
        var body = ""
        if let form {
            lines.append("Content-Type: application/x-www-form-urlencoded")
            body = form.map { "\(Self.escape($0.0))=\(Self.escape($0.1))" }.joined(separator: "&")
        }
        let answer = try await raw.send(method, path, headers: lines, body: body)
        for cookie in answer.setCookies {
            let pair = cookie.split(separator: ";", maxSplits: 1)[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { continue }
            if cookie.contains("Max-Age=0") { cookies[String(pair[0])] = nil } else { cookies[String(pair[0])] = String(pair[1]) }
        }
        return answer
    }

    /// Opens an invitation's page and sends its form with `password` twice (or `repeated` as
    /// the second): the answer to the form (303 home when the password was taken).
    public mutating func accept(invitation path: String, password: String, repeated: String? = nil) async throws -> RawResponse {
        let page = try await send("GET", path, headers: ["Accept: text/html"])
        #expect(page.status == 200, "the invitation's page answered \(page.status)")
        let token = try #require(Self.formToken(in: page.text), "the invitation's page has a form token")
        return try await send("POST", path, headers: ["Accept: text/html"], form: [("_formtoken", token), ("password", password), ("repeat", repeated ?? password)])
    }

    /// Sends the sign-in form.
    public mutating func signIn(_ name: String, _ password: String) async throws -> RawResponse {
        try await send("POST", "/sign-in", headers: ["Accept: text/html"], form: [("name", name), ("password", password)])
    }

    /// The value of the form token in a page's HTML.
    public static func formToken(in html: String) -> String? {
        guard let range = html.range(of: #"name="_formtoken" value=""#) else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }

    /// The invitation's path in a `users add` or `users reset` command's output.
    public static func invitationPath(in output: String) -> String? {
        guard let range = output.range(of: "/welcome/") else { return nil }
        return "/welcome/" + output[range.upperBound...].prefix { $0.isHexDigit }
    }

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? ""
    }
}

/// The sign-in-by-person promises, checked against a real server process of `tool` (`homepwner`
/// or `scary-creatures`) on the data folder `folder`, whose people its CLI manages:
/// `serve()` starts it. `readPath` is an API read every person may make, `writeRequest` a change
/// (method, path, JSON body) an editor may make and a viewer may not.
public func checkSignInByPerson(
    tool: String, folder: URL, readPath: String, writeRequest: (method: String, path: String, body: String),
    serve: () async throws -> ServedProcess
) async throws {
    let storage = ["--storage", folder.path]
    let anna = try await runBuilt(tool, ["users", "add", "Anna", "--role", "owner"] + storage)
    #expect(anna.status == 0, "\(anna.errors)")
    #expect(anna.output.hasPrefix("added anna (owner)\nanna sets a password at this link, which works once, until "))
    let annaLink = try #require(AccountBrowser.invitationPath(in: anna.output))
    let ben = try await runBuilt(tool, ["users", "add", "ben", "--role", "viewer", "--url", "https://home.example/inventory/"] + storage)
    #expect(ben.output.contains("\nhttps://home.example/inventory/welcome/"))
    let benLink = try #require(AccountBrowser.invitationPath(in: ben.output))

    let server = try await serve()
    defer { _ = server.stop() }
    var browser = AccountBrowser(port: server.port)
    // No session: an API client is told to sign in, a browser is sent to the form; the probes answer.
    let refused = try await browser.send("GET", readPath)
    #expect(refused.status == 401 && refused.errorCode == "unauthorized")
    let page = try await browser.send("GET", "/", headers: ["Accept: text/html"])
    #expect(page.status == 303 && page.headers["location"] == "/sign-in")
    #expect(try await browser.send("GET", "/healthz").status == 200)
    #expect(try await browser.send("GET", "/assets/common/base.css").status == 200, "the sign-in form's styles")
    let form = try await browser.send("GET", "/sign-in", headers: ["Accept: text/html"])
    #expect(form.status == 200 && form.text.contains(#"autocomplete="username""#) && form.text.contains(#"autocomplete="current-password""#))

    // The invitation: a common password and two different ones are refused on the page; a good one signs in.
    let common = try await browser.accept(invitation: annaLink, password: "password1234")
    #expect(common.status == 422 && common.text.contains("That password is one of the most common ones"))
    let differ = try await browser.accept(invitation: annaLink, password: "purple lantern rides", repeated: "purple lantern ride")
    #expect(differ.status == 422 && differ.text.contains("The two passwords differ"))
    let welcomed = try await browser.accept(invitation: annaLink, password: "purple lantern rides")
    #expect(welcomed.status == 303 && welcomed.headers["location"] == "/")
    let sessionCookie = try #require(welcomed.setCookies.first { $0.contains("_person_") })
    #expect(sessionCookie.contains("; Path=/; HttpOnly; SameSite=Strict"))
    #expect(try await browser.send("GET", readPath).status == 200)
    let home = try await browser.send("GET", "/", headers: ["Accept: text/html"])
    #expect(home.status == 200 && home.text.contains(#"<a class="person" href="/account">anna <span class="role">(owner)</span></a> <a class="people-link" href="/people">People</a>"#))
    let used = try await browser.send("GET", annaLink, headers: ["Accept: text/html"])
    #expect(used.status == 404 && used.text.contains("This link is not valid"))

    // A viewer reads and changes nothing.
    var viewer = AccountBrowser(port: server.port)
    #expect(try await viewer.accept(invitation: benLink, password: "green kettle sings").status == 303)
    #expect(try await viewer.send("GET", readPath).status == 200)
    let write = try await viewer.raw.send(writeRequest.method, writeRequest.path, headers: [
        "Cookie: " + viewer.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "), "Content-Type: application/json",
    ], body: writeRequest.body)
    #expect(write.status == 403 && write.errorCode == "forbidden")

    // Wrong passwords: three are answered 401, then the account waits (429 with Retry-After, no check made).
    var stranger = AccountBrowser(port: server.port)
    for _ in 0..<4 { #expect(try await stranger.signIn("anna", "wrong password!!").status == 401) }
    let throttled = try await stranger.signIn("anna", "purple lantern rides")
    #expect(throttled.status == 429 && throttled.headers["retry-after"] != nil)
    try await Task.sleep(for: .seconds(2))
    let signedIn = try await stranger.signIn("Anna", "purple lantern rides")
    #expect(signedIn.status == 303)
    #expect(try await stranger.send("GET", readPath).status == 200)

    // A reset (by the CLI, beside the running server) ends every session of anna's within a
    // second or two (the server reads the accounts at most once a second).
    let reset = try await runBuilt(tool, ["users", "reset", "anna"] + storage)
    #expect(reset.status == 0 && reset.output.hasPrefix("reset anna (owner)\n"))
    for var client in [browser, stranger] {
        var status = 0
        for _ in 0..<50 where status != 401 {
            status = try await client.send("GET", readPath).status
            if status != 401 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(status == 401, "a reset ends each of the person's sessions")
    }

    // Signing out ends that session (sent again, its cookie is refused); the browser's cookie goes.
    let held = "Cookie: " + viewer.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
    let signedOut = try await viewer.send("POST", "/sign-out", headers: ["Accept: text/html"], form: [("_formtoken", AccountBrowser.formToken(in: try await viewer.send("GET", "/", headers: ["Accept: text/html"]).text) ?? "")])
    #expect(signedOut.status == 303 && signedOut.headers["location"] == "/sign-in")
    #expect(viewer.cookies.keys.allSatisfy { !$0.contains("_person_") })
    #expect(try await viewer.raw.send("GET", readPath, headers: [held]).status == 401)
}
