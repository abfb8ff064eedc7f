import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebTestSupport
import ImagingSamples

@Suite("The pages' plain file forms and assets")
struct PagesUploadTests {
    @Test("the plain photo form stores the photo; the list then shows its 88×88 thumbnail")
    func photoByForm() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/creatures", method: .post, headers: forms.headers, body: forms.body("title=Ghost"))
            let png = try SamplePhotos.png()
            let (headers, form) = forms.multipart(field: "photo", filename: "ghost.png", type: "image/png", data: png)
            let stored = try await client.execute(uri: "/creatures/1/photo", method: .post, headers: headers, body: form)
            #expect(stored.status == .seeOther)
            #expect(stored.headers[.location] == "/creatures/1")
            let photo = try await client.execute(uri: "/api/creatures/1/photo", method: .get)
            #expect(Data(buffer: photo.body) == png)
            let list = text(try await client.execute(uri: "/", method: .get))
            let thumbnail = try #require(list.range(of: #"<img class="thumb" src="/api/creatures/1/thumbnail\?v=[^"]+" width="88" height="88" loading="lazy" alt="">"#, options: .regularExpression))
            let src = String(list[thumbnail]).split(separator: "\"")[3]
            let fetched = try await client.execute(uri: String(src), method: .get)
            #expect(fetched.status == .ok)
            #expect(fetched.headers[.contentType] == "image/png")
            let detail = text(try await client.execute(uri: "/creatures/1", method: .get))
            #expect(detail.contains("<img id=\"photo\" class=\"photo\" src=\"/api/creatures/1/photo?v="))
            let removed = try await client.execute(uri: "/creatures/1/photo/delete", method: .post, headers: forms.headers, body: forms.body(""))
            #expect(removed.status == .seeOther)
            #expect(try await client.execute(uri: "/api/creatures/1/photo", method: .get).status == .notFound)
        }
    }

    @Test("a HEIC file in the plain photo form ends, by a 303, on the page saying why, and nothing is stored")
    func heicByForm() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/creatures", method: .post, headers: forms.headers, body: forms.body("title=Ghost"))
            let heic = Data([0, 0, 0, 0x18]) + Data("ftypheic".utf8) + Data(repeating: 0, count: 64)
            let (headers, form) = forms.multipart(field: "photo", filename: "IMG_0001.HEIC", type: "image/heic", data: heic)
            let refusedPost = try await client.execute(uri: "/creatures/1/photo", method: .post, headers: headers, body: form)
            #expect(refusedPost.status == .seeOther)
            let refused = try #require(try await client.page(after: refusedPost))
            #expect(refused.status == .ok)
            #expect(text(refused).contains("<p class=\"error\" role=\"alert\">This is a HEIC image, and only JPEG and PNG photos can be used: save it as JPEG first.</p>"))
            #expect(try await client.execute(uri: "/api/creatures/1/photo", method: .get).status == .notFound)
        }
    }

    @Test("the plain import form brings back an exported creature and lists it on a summary page")
    func importByForm() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Lil Terror","rating":4.5}"#))
            let zip = Data(buffer: try await client.execute(uri: "/api/creatures/1/export", method: .get).body)
            let (headers, form) = forms.multipart(field: "zips", filename: "1.scarycreature.zip", type: "application/zip", data: zip)
            let summaryPost = try await client.execute(uri: "/imports", method: .post, headers: headers, body: form)
            #expect(summaryPost.status == .seeOther)
            let summary = try #require(try await client.page(after: summaryPost))
            #expect(summary.status == .ok)
            let html = text(summary)
            #expect(html.contains("<h2>Imported</h2>"))
            #expect(html.contains("<a href=\"/creatures/2\">“Lil Terror” from 1.scarycreature.zip"))
            let creature = try json(try await client.execute(uri: "/api/creatures/2", method: .get))
            #expect((creature["rating"] as? NSNumber)?.doubleValue == 4.5)
            let (junkHeaders, junk) = forms.multipart(field: "zips", filename: "notes.zip", type: "application/zip", data: Data("not a zip".utf8))
            let skippedPost = try await client.execute(uri: "/imports", method: .post, headers: junkHeaders, body: junk)
            let skipped = text(try #require(try await client.page(after: skippedPost)))
            // The results were shown once: a reload of the page goes back to the list.
            let reloaded = try await client.execute(uri: "/imports", method: .get, headers: [.cookie: String(skippedPost.headers[.setCookie]?.prefix { $0 != ";" } ?? "")])
            #expect(reloaded.status == .seeOther)
            #expect(reloaded.headers[.location] == "/")
            #expect(skipped.contains("<h2>Skipped</h2>"))
            #expect(skipped.contains("<li>notes.zip is not a zip file; choose a .zip that Export made.</li>"))
        }
    }

    @Test("assets are served with their type and a strong ETag, 304 when it matches, 404 for unknown names")
    func assets() async throws {
        try await withApp { client, _ in
            let css = try await client.execute(uri: "/assets/app.css", method: .get)
            #expect(css.status == .ok)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(css.headers[.cacheControl] == "no-cache")
            let tag = try #require(css.headers[.eTag])
            #expect(tag.hasPrefix("\"") && !tag.hasPrefix("W/"))
            let again = try await client.execute(uri: "/assets/app.css", method: .get, headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            for path in ["list.js", "detail.js", "rating.js", "common/common.js", "common/upload.js", "common/base.css"] {
                let script = try await client.execute(uri: "/assets/\(path)", method: .get)
                #expect(script.status == .ok)
                #expect(script.headers[.contentType] == (path.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8"))
            }
            // The shared files live in WebSupport only, not copied into the app.
            #expect(try await client.execute(uri: "/assets/common.js", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/assets/..%2FPackage.swift", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/assets/missing.js", method: .get).status == .notFound)
        }
    }
}
