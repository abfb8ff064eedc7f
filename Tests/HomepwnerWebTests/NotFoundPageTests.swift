import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@Suite("homepwner: an address with nothing at it")
struct NotFoundPageTests {
    @Test("a browser (Accept names text/html first) gets an HTML 404 page with a way back; an API client gets JSON")
    func notFound() async throws {
        try await withApp { client, _ in
            let page = try await client.execute(uri: "/nothing/here", method: .get, headers: [.accept: "text/html,application/xhtml+xml,*/*;q=0.8"])
            #expect(page.status == .notFound)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let html = String(buffer: page.body)
            #expect(html.contains("<title>404 Page not found</title>"))
            #expect(html.contains("<h1>Page not found</h1><p>There is nothing at /nothing/here.</p><p><a href=\"/\">Go to the start page</a></p>"))
            for accept in ["application/json", "application/json, text/html;q=0.5", "*/*"] {
                let api = try await client.execute(uri: "/nothing/here", method: .get, headers: [.accept: accept])
                #expect(api.status == .notFound)
                #expect(api.headers[.contentType] == "application/json; charset=utf-8")
                #expect(String(buffer: api.body) == #"{"error":{"code":"not_found","message":"there is nothing at /nothing/here"}}"#)
            }
        }
    }
}
