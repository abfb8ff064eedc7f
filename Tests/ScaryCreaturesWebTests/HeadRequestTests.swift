import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import ImagingSamples
import WebTestSupport

@Suite("HEAD")
struct HeadRequestTests {
    @Test("HEAD answers wherever GET does: the same status and headers, Content-Length included, and no body")
    func headLikeGet() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Ghost"}"#))
            _ = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            for uri in [
                "/api/creatures", "/api/creatures/1", "/api/creatures/1/photo", "/api/creatures/1/thumbnail",
                "/api/creatures/1/export", "/api/creatures/2", "/openapi.yaml", "/", "/creatures/1", "/creatures/2",
            ] {
                let get = try await client.execute(uri: uri, method: .get, headers: BrowserForms.pageHeaders)
                let head = try await client.execute(uri: uri, method: .head, headers: BrowserForms.pageHeaders)
                #expect(head.status == get.status, "\(uri)")
                #expect(head.body.readableBytes == 0, "\(uri)")
                #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(uri)")
                for name in [HTTPField.Name.contentType, .eTag, .cacheControl] {
                    #expect(head.headers[name] == get.headers[name], "\(uri) \(name)")
                }
            }
        }
    }
}
