import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import Imaging
import Testing
import ImagingSamples
import WebTestSupport

@Suite("Homepwner API: photos and thumbnails")
struct PhotoRouteTests {
    @Test("PUT a PNG, GET it back byte for byte with ETag and Cache-Control, 304 for the same tag")
    func putAndGet() async throws {
        try await withApp { client, folder in
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            let png = try SamplePhotos.png()
            let put = try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/png"], body: body(png))
            #expect(put.status == .ok)
            #expect(try json(put)["hasPhoto"] as? Bool == true)
            #expect(try Data(contentsOf: folder.appendingPathComponent(key)) == png)
            let get = try await client.execute(uri: "/api/items/\(key)/photo", method: .get)
            #expect(get.status == .ok)
            #expect(Data(buffer: get.body) == png)
            #expect(get.headers[.contentType] == "image/png")
            #expect(get.headers[.cacheControl] == "private, no-cache")
            let tag = try #require(get.headers[.eTag])
            let again = try await client.execute(uri: "/api/items/\(key)/photo", method: .get, headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
            #expect(try json(try await client.execute(uri: "/api/items/\(key)", method: .get))["hasPhoto"] as? Bool == true)
        }
    }

    @Test("Range: a satisfiable range is 206 with Content-Range and those bytes; one past the end is 416")
    func ranges() async throws {
        try await withApp { client, _ in
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            let jpeg = try SamplePhotos.jpeg()
            #expect(try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/jpeg"], body: body(jpeg)).status == .ok)
            let part = try await client.execute(uri: "/api/items/\(key)/photo", method: .get, headers: [.range: "bytes=2-11"])
            #expect(part.status == .partialContent)
            #expect(part.headers[.contentRange] == "bytes 2-11/\(jpeg.count)")
            #expect(part.headers[.contentType] == "image/jpeg")
            #expect(Data(buffer: part.body) == jpeg[2...11])
            let outside = try await client.execute(uri: "/api/items/\(key)/photo", method: .get, headers: [.range: "bytes=\(jpeg.count)-"])
            #expect(outside.status == .rangeNotSatisfiable)
        }
    }

    @Test("a photo file that is no usable image (damaged on disk) is 409 unusable_photo for the photo and the thumbnail, JSON that says what to do, never a 500")
    func unusablePhoto() async throws {
        try await withApp { client, folder in
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            #expect(try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png())).status == .ok)
            try Data("not an image at all".utf8).write(to: folder.appendingPathComponent(key))
            for path in ["photo", "thumbnail"] {
                let answer = try await client.execute(uri: "/api/items/\(key)/\(path)", method: .get)
                #expect(answer.status == .conflict)
                #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
                let error = try #require(try json(answer)["error"] as? [String: Any])
                #expect(error["code"] as? String == "unusable_photo")
                #expect((error["message"] as? String)?.hasSuffix("put a new one, or delete it") == true)
            }
        }
    }

    @Test("the thumbnail is an 88×88 PNG with an ETag; If-None-Match gives 304; no photo is 404")
    func thumbnail() async throws {
        try await withApp { client, _ in
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            #expect(try await client.execute(uri: "/api/items/\(key)/thumbnail", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/api/items/\(key)/photo", method: .get).status == .notFound)
            _ = try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            let thumbnail = try await client.execute(uri: "/api/items/\(key)/thumbnail", method: .get)
            #expect(thumbnail.status == .ok)
            #expect(thumbnail.headers[.contentType] == "image/png")
            let info = try ImageInfo.read(Data(buffer: thumbnail.body))
            #expect(info.format == .png)
            #expect(info.width == 88)
            #expect(info.height == 88)
            let tag = try #require(thumbnail.headers[.eTag])
            #expect(try await client.execute(uri: "/api/items/\(key)/thumbnail", method: .get, headers: [.ifNoneMatch: tag]).status == .notModified)
        }
    }

    @Test("a multipart form's photo field is taken; bytes that are no image are 422 and nothing is written")
    func multipartAndInvalid() async throws {
        try await withApp { client, folder in
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            let bad = try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/png"], body: body("not a png"))
            #expect(bad.status == .unprocessableContent)
            #expect(try errorCode(bad) == "invalid_image")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(key).path))
            let png = try SamplePhotos.png()
            var form = Data("--XyZ\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n".utf8)
            form += Data("--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p.png\"\r\nContent-Type: image/png\r\n\r\n".utf8)
            form += png + Data("\r\n--XyZ--\r\n".utf8)
            let put = try await client.execute(
                uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "multipart/form-data; boundary=XyZ"], body: body(form)
            )
            #expect(put.status == .ok, "\(String(buffer: put.body))")
            #expect(try Data(contentsOf: folder.appendingPathComponent(key)) == png)
            let text = try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "text/plain"], body: body("x"))
            #expect(text.status == .unsupportedMediaType)
        }
    }

    @Test("a body over the limit is 413 and nothing is written")
    func tooLarge() async throws {
        try await withApp(maxBodyBytes: 1000) { client, folder in
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            let response = try await client.execute(
                uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/png"], body: body(Data(count: 5000))
            )
            #expect(response.status == .contentTooLarge)
            #expect(try errorCode(response) == "too_large")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(key).path))
        }
    }

    @Test("DELETE the photo: the item says it has none and the file is gone; a photo of an unknown item is 404")
    func deletePhoto() async throws {
        try await withApp { client, folder in
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            _ = try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            let deleted = try await client.execute(uri: "/api/items/\(key)/photo", method: .delete)
            #expect(deleted.status == .ok)
            #expect(try json(deleted)["hasPhoto"] as? Bool == false)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(key).path))
            #expect(try await client.execute(uri: "/api/items/\(key)/photo", method: .get).status == .notFound)
            let unknown = "00000000-0000-0000-0000-000000000000"
            #expect(try await client.execute(uri: "/api/items/\(unknown)/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png())).status == .notFound)
        }
    }

    @Test("deleting an item deletes its photo file")
    func deleteItemDeletesPhoto() async throws {
        try await withApp { client, folder in
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            _ = try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            #expect(try await client.execute(uri: "/api/items/\(key)", method: .delete).status == .noContent)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(key).path))
        }
    }
}

@Suite("Homepwner API: limits on uploads and event streams")
struct WorkLimitRouteTests {
    @Test("with no room, a photo upload and an event stream get 429 with Retry-After, and no photo is written")
    func refusedWithoutRoom() async throws {
        try await withApp(maxUploads: 0, maxEventStreams: 0) { client, folder in
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            let put = try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            #expect(put.status == .tooManyRequests)
            #expect(put.headers[.retryAfter] == "1")
            #expect(try errorCode(put) == "too_many_requests")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(key).path))
            let events = try await client.execute(uri: "/api/events", method: .get)
            #expect(events.status == .tooManyRequests)
            #expect(try errorCode(events) == "too_many_requests")
        }
    }
}
