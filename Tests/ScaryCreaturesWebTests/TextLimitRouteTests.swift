import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebTestSupport

/// "a" and 400 combining accents: one character, 801 bytes of UTF-8 — one byte past the limit.
let title801Bytes = "a" + String(repeating: "\u{301}", count: 400)

@Suite("Limits on text and JSON bodies in bytes")
struct TextLimitRouteTests {
    @Test("a title past 800 bytes of UTF-8 is 422 on POST and PATCH, and the page form says why")
    func titleBytes() async throws {
        try await withApp { client, _ in
            let payload = #"{"title":"\#(title801Bytes)"}"#
            let created = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(payload))
            #expect(created.status == .unprocessableContent)
            #expect(try errorCode(created) == "invalid_title")
            #expect(try (json(created)["error"] as? [String: Any])?["message"] as? String == "a title can have at most 800 bytes of UTF-8, not 801")
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Ghost"}"#))
            let patched = try await client.execute(uri: "/api/creatures/1", method: .patch, headers: jsonHeaders, body: body(payload))
            #expect(patched.status == .unprocessableContent)
            #expect(try errorCode(patched) == "invalid_title")
            let encoded = "a" + String(repeating: "%CC%81", count: 400)
            let formPost = try await client.execute(uri: "/creatures", method: .post, headers: forms.headers, body: forms.body("title=\(encoded)"))
            #expect(formPost.status == .seeOther)
            let form = try #require(try await client.page(after: formPost))
            #expect(form.status == .ok)
            #expect(text(form).contains("<p class=\"error\" id=\"add-error\" role=\"alert\">A title can have at most 800 bytes of UTF-8, not 801.</p>"))
            let list = try json(try await client.execute(uri: "/api/creatures", method: .get))
            #expect((list["creatures"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Ghost"])
        }
    }

    @Test("a JSON body over 64 KiB is 413 with the JSON error before it is decoded, on POST and PATCH")
    func jsonBodyLimit() async throws {
        try await withApp { client, _ in
            // "a" with 500,000 combining accents: one character, a megabyte of JSON.
            let huge = #"{"title":"a\#(String(repeating: "\u{301}", count: 500_000))"}"#
            let created = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(huge))
            #expect(created.status == .contentTooLarge)
            #expect(created.headers[.contentType] == "application/json; charset=utf-8")
            #expect(try errorCode(created) == "too_large")
            #expect(try (json(created)["error"] as? [String: Any])?["message"] as? String == "the body is larger than the limit of 65536 bytes")
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Ghost"}"#))
            // Just over the limit, and no larger than what the title rule would refuse anyway.
            let padded = #"{"rating":1,"title":"Ghost"\#(String(repeating: " ", count: 65_536))}"#
            let patched = try await client.execute(uri: "/api/creatures/1", method: .patch, headers: jsonHeaders, body: body(padded))
            #expect(patched.status == .contentTooLarge)
            #expect(try errorCode(patched) == "too_large")
            let fits = #"{"rating":1,"title":"Ghost"\#(String(repeating: " ", count: 65_000))}"#
            #expect(try await client.execute(uri: "/api/creatures/1", method: .patch, headers: jsonHeaders, body: body(fits)).status == .ok)
        }
    }
}
