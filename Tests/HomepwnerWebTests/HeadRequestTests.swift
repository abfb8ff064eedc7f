import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import Testing
import ImagingSamples
import WebTestSupport

@Suite("Homepwner API: HEAD")
struct HeadRequestTests {
    @Test("HEAD answers wherever GET does: the same status and headers, Content-Length included, and no body")
    func headLikeGet() async throws {
        try await withApp { client, _ in
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            _ = try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            for uri in [
                "/api/items", "/api/items.csv", "/api/items/\(key)", "/api/items/\(key)/photo", "/api/items/\(key)/thumbnail",
                "/api/items/00000000-0000-0000-0000-000000000000", "/api/stats", "/openapi.yaml",
            ] {
                let get = try await client.execute(uri: uri, method: .get)
                let head = try await client.execute(uri: uri, method: .head)
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
