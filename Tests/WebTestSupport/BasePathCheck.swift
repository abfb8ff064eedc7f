import Foundation
import Testing
import TestSupport

/// The promises of `serve --base-path /inventory`, checked against a real server process of
/// `tool` started by `serve(extra)`, over raw sockets: a base path that is not one is refused
/// (64); outside `/inventory/` there is nothing (404), `/inventory` is sent to `/inventory/`
/// (308); every path the start page names — links, forms, styles, scripts — is under it; a
/// form's redirect stays under it; the API (its links too) and the event stream answer there. `readPath` is an
/// API read; `addForm` a plain form that adds a document (path and fields, with the page's form
/// token added).
public func checkBasePath(
    tool: String, folder: URL, readPath: String, addForm: (path: String, fields: [(String, String)]),
    serve: ([String]) async throws -> ServedProcess
) async throws {
    let refused = try await runBuilt(tool, ["serve", "--port", "0", "--base-path", "inventory", "--data-dir", folder.path])
    #expect(refused.status == 64 && refused.errors.contains("--base-path takes a path such as /inventory"))
    let server = try await serve(["--base-path", "/inventory/"])
    defer { _ = server.stop() }
    var browser = AccountBrowser(port: server.port)
    let root = try await browser.send("GET", "/")
    #expect(root.status == 404 && root.errorCode == "not_found")
    let bare = try await browser.send("GET", "/inventory?q=x")
    #expect(bare.status == 308 && bare.headers["location"] == "/inventory/?q=x")
    #expect(try await browser.send("GET", "/inventory" + readPath).status == 200)
    #expect(try await browser.send("GET", readPath).status == 404)
    let page = try await browser.send("GET", "/inventory/", headers: ["Accept: text/html"])
    #expect(page.status == 200)
    let named = paths(in: page.text)
    #expect(!named.isEmpty && named.allSatisfy { $0.hasPrefix("/inventory/") }, "\(named.filter { !$0.hasPrefix("/inventory/") })")
    #expect(page.text.contains(#"<html lang="en" data-base="/inventory">"#))
    for asset in named where asset.contains("/assets/") {
        #expect(try await browser.send("GET", asset).status == 200, "\(asset)")
    }
    let token = try #require(AccountBrowser.formToken(in: page.text))
    let added = try await browser.send("POST", "/inventory" + addForm.path, headers: ["Accept: text/html"], form: [("_formtoken", token)] + addForm.fields)
    #expect(added.status == 303 && added.headers["location"]?.hasPrefix("/inventory/") == true, "\(added.headers)")
    // The API's links name the base path too, as a client follows them.
    let listed = try await browser.send("GET", "/inventory" + readPath)
    #expect(listed.status == 200 && listed.text.contains(#""self":"/inventory/api/"#) && !listed.text.contains(#""self":"/api/"#), "\(listed.text.prefix(300))")
    // The event stream answers under the base path.
    let connection = try RawConnection(port: server.port)
    defer { connection.close() }
    try await connection.send("GET /inventory/api/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nAccept: text/event-stream\r\n\r\n")
    #expect(await connection.read(until: "text/event-stream"), "the event stream answers under the base path")
}

/// Every path (`/…`) that an `href`, `src` or `action` of `html` names.
private func paths(in html: String) -> [String] {
    var found: [String] = []
    for attribute in ["href=\"", "src=\"", "action=\""] {
        for piece in html.components(separatedBy: attribute).dropFirst() {
            let value = String(piece.prefix { $0 != "\"" })
            if value.hasPrefix("/") { found.append(value) }
        }
    }
    return found
}
