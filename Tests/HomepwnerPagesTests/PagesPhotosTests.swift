import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Imaging
import Testing
import WebTestSupport

@testable import HomepwnerPages

@Suite("Pages: all of an item's photos through plain forms")
struct PagesPhotosTests {
    /// A small PNG whose pixels depend on `seed`.
    static func png(_ seed: UInt8) throws -> Data {
        try PNGEncoder.encode(PixelImage(width: 16, height: 12, channels: 3) { x, y in [seed, UInt8(x * 8), UInt8(y * 8)] })
    }

    @Test("the item page offers a form that takes several photos; photos chosen together are added in one post, a 303 back to the photos, which show each with its number and a remove form carrying its version")
    func addSeveral() async throws {
        try await withPages { client, store in
            let item = try await store.add(NewItem(name: "Piano"))
            let uri = "/items/\(item.itemKey)"
            let first = text(try await client.execute(uri: uri, method: .get, headers: BrowserForms.pageHeaders))
            #expect(first.contains("<p class=\"hint\" id=\"no-photos\">No photos yet. Add several at once below.</p>"))
            #expect(first.contains("<input type=\"file\" id=\"photos-file\" name=\"photo\" accept=\"image/jpeg,image/png,.jpg,.jpeg,.png\" multiple>"))

            let (headers, body) = forms.multipart(files: [("photo", "a.png", "image/png", try Self.png(1)), ("photo", "b.png", "image/png", try Self.png(2))])
            let posted = try await client.execute(uri: "\(uri)/photos", method: .post, headers: headers, body: body)
            #expect(posted.status == .seeOther)
            #expect(posted.headers[.location] == "\(uri)#photos")
            let photos = try await store.photos(ofItem: item.itemKey)
            #expect(photos.map(\.photo.storedName) == [item.itemKey, "\(item.itemKey).photo-2"])
            let page = text(try await client.execute(uri: uri, method: .get, headers: BrowserForms.pageHeaders))
            #expect(page.contains("<h2 id=\"photos-heading\">All photos (2)</h2>"))
            #expect(page.contains("<img src=\"/api/items/\(item.itemKey)/photos/2/thumbnail?v=\(photos[1].version)\" alt=\"Photo 2 of Piano\" width=\"88\" height=\"88\" loading=\"lazy\">"))
            #expect(page.contains("<span class=\"photo-tile-caption\">1 · shown first</span>"))
            #expect(page.contains("<form method=\"post\" action=\"\(uri)/photos/2/delete\" class=\"remove-photo-tile-form\">"))
            #expect(page.contains("<input type=\"hidden\" name=\"version\" value=\"\(photos[1].version)\">"))
        }
    }

    @Test("a refused upload (one file not an image, or none chosen) comes back to the photos with the reason beside them; nothing is added")
    func refusals() async throws {
        try await withPages { client, store in
            let item = try await store.add(NewItem(name: "Piano"))
            let uri = "/items/\(item.itemKey)"
            let (headers, body) = forms.multipart(files: [("photo", "a.png", "image/png", try Self.png(1)), ("photo", "b.png", "image/png", Data("<svg/>".utf8))])
            let posted = try await client.execute(uri: "\(uri)/photos", method: .post, headers: headers, body: body)
            #expect(posted.status == .seeOther)
            #expect(posted.headers[.location] == "\(uri)#photos")
            let refused = text(try #require(try await client.page(after: posted)))
            #expect(refused.contains("<p class=\"error\" role=\"alert\" id=\"photos-error\">Photo 2 of 2: "))
            #expect(refused.contains("no photo was added.</p>"))
            #expect(try await store.photos(ofItem: item.itemKey).isEmpty)
            let (emptyHeaders, emptyBody) = forms.multipart(files: [("photo", "", "application/octet-stream", Data())])
            let empty = try await client.execute(uri: "\(uri)/photos", method: .post, headers: emptyHeaders, body: emptyBody)
            #expect(text(try #require(try await client.page(after: empty))).contains("id=\"photos-error\">Choose one or more photos first.</p>"))
        }
    }

    @Test("Remove takes the photo the page showed: the next becomes first when it was photo 1; a version the photos no longer have removes nothing and says why")
    func remove() async throws {
        try await withPages { client, store in
            let item = try await store.add(NewItem(name: "Piano"))
            let uri = "/items/\(item.itemKey)"
            let (photos, _) = try await store.addPhotos([try Self.png(1), try Self.png(2), try Self.png(3)], toItem: item.itemKey)
            let stale = try await client.execute(uri: "\(uri)/photos/2/delete", method: .post, headers: forms.headers, body: forms.body("version=\(photos[2].version)"))
            let page = text(try #require(try await client.page(after: stale)))
            #expect(page.contains("id=\"photos-error\">The photos changed elsewhere since the page was shown, so nothing was removed. Here they are as they are now.</p>"))
            #expect(try await store.photos(ofItem: item.itemKey) == photos)

            let removed = try await client.execute(uri: "\(uri)/photos/1/delete", method: .post, headers: forms.headers, body: forms.body("version=\(photos[0].version)"))
            #expect(removed.status == .seeOther)
            #expect(removed.headers[.location] == "\(uri)#photos")
            #expect(try await store.images.image(forKey: item.itemKey) == (try Self.png(2)))
            #expect(try await store.photos(ofItem: item.itemKey).count == 2)
            let missing = try await client.execute(uri: "\(uri)/photos/9/delete", method: .post, headers: forms.headers, body: forms.body("version="))
            #expect(text(try #require(try await client.page(after: missing))).contains("id=\"photos-error\">Item \(item.itemKey) has no photo 9 (it has 2 photos).</p>"))
            let notANumber = try await client.execute(uri: "\(uri)/photos/x/delete", method: .post, headers: forms.headers, body: forms.body(""))
            #expect(notANumber.status == .notFound)
        }
    }
}
