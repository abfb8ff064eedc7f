import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Checks what every app answers for an address with nothing at it: a browser (its `Accept`
/// names `text/html` first) gets an HTML 404 page with a way back to the start page; an API
/// client gets the JSON error.
public func expectNotFoundAnswers(_ client: some TestClientProtocol, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let page = try await client.execute(uri: "/nothing/here", method: .get, headers: [.accept: "text/html,application/xhtml+xml,*/*;q=0.8"])
    #expect(page.status == .notFound, sourceLocation: sourceLocation)
    #expect(page.headers[.contentType] == "text/html; charset=utf-8", sourceLocation: sourceLocation)
    let html = String(buffer: page.body)
    #expect(html.contains("<title>404 Page not found</title>"), sourceLocation: sourceLocation)
    #expect(html.contains("<h1>Page not found</h1><p>There is nothing at /nothing/here.</p><p><a href=\"/\">Go to the start page</a></p>"), sourceLocation: sourceLocation)
    for accept in ["application/json", "application/json, text/html;q=0.5", "*/*"] {
        let api = try await client.execute(uri: "/nothing/here", method: .get, headers: [.accept: accept])
        #expect(api.status == .notFound, sourceLocation: sourceLocation)
        #expect(api.headers[.contentType] == "application/json; charset=utf-8", sourceLocation: sourceLocation)
        #expect(String(buffer: api.body) == #"{"error":{"code":"not_found","message":"there is nothing at /nothing/here"}}"#, sourceLocation: sourceLocation)
    }
}
