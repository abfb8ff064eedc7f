import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("Homepwner API: an item's attachments")
struct AttachmentRouteTests {
    static let pdf = Data("%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n".utf8)

    @Test("upload raw (201), list, download byte for byte with its type, attachment disposition and nosniff, delete (204)")
    func lifecycle() async throws {
        try await withApp { client, _ in
            let item = try await addItem(client, #"{"name":"Boiler"}"#)
            let key = try #require(item["itemKey"] as? String)
            let uploaded = try await client.execute(
                uri: "/api/items/\(key)/attachments?name=warranty.pdf", method: .post,
                headers: [.contentType: "application/pdf"], body: body(Self.pdf)
            )
            #expect(uploaded.status == .created)
            let attachment = try json(uploaded)
            let name = "\(key).attachment-1-warranty.pdf"
            #expect(attachment["name"] as? String == name)
            #expect(attachment["contentType"] as? String == "application/pdf")
            let listed = try json(try await client.execute(uri: "/api/items/\(key)/attachments", method: .get))
            #expect((listed["attachments"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == [name])
            let download = try await client.execute(uri: "/api/items/\(key)/attachments/\(name)", method: .get)
            #expect(download.status == .ok)
            #expect(Data(buffer: download.body) == Self.pdf)
            #expect(download.headers[.contentType] == "application/pdf")
            #expect(download.headers[HTTPField.Name("Content-Disposition")!] == "attachment; filename=\"warranty.pdf\"")
            #expect(download.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
            let deleted = try await client.execute(uri: "/api/items/\(key)/attachments/\(name)", method: .delete)
            #expect(deleted.status == .noContent)
            #expect(try await client.execute(uri: "/api/items/\(key)/attachments/\(name)", method: .get).status == .notFound)
        }
    }

    @Test("a multipart upload keeps its part's file name, made safe; the bytes are kept exactly")
    func multipart() async throws {
        try await withApp { client, folder in
            let item = try await addItem(client, #"{"name":"Boiler"}"#)
            let key = try #require(item["itemKey"] as? String)
            var form = Data("--b0\r\nContent-Disposition: form-data; name=\"file\"; filename=\"Manual v2.pdf\"\r\nContent-Type: application/pdf\r\n\r\n".utf8)
            form.append(Self.pdf)
            form.append(Data("\r\n--b0--\r\n".utf8))
            let uploaded = try await client.execute(
                uri: "/api/items/\(key)/attachments", method: .post, headers: [.contentType: "multipart/form-data; boundary=b0"], body: body(form)
            )
            #expect(uploaded.status == .created)
            #expect(try json(uploaded)["fileName"] as? String == "Manual_v2.pdf")
            #expect(try Data(contentsOf: folder.appendingPathComponent("\(key).attachment-1-Manual_v2.pdf")) == Self.pdf)
        }
    }

    @Test("HTML labelled as a PDF is 422 invalid_attachment; over 20 MiB is 413 JSON; an unknown item 404; nothing written")
    func refusals() async throws {
        try await withApp { client, folder in
            let item = try await addItem(client, #"{"name":"Boiler"}"#)
            let key = try #require(item["itemKey"] as? String)
            let html = try await client.execute(
                uri: "/api/items/\(key)/attachments", method: .post, headers: [.contentType: "application/pdf"], body: body("<html><script>x</script>")
            )
            #expect(html.status == .unprocessableContent)
            #expect(try errorCode(html) == "invalid_attachment")
            var huge = Self.pdf
            huge.append(Data(count: Attachment.maxBytes))
            let big = try await client.execute(uri: "/api/items/\(key)/attachments", method: .post, headers: [.contentType: "application/pdf"], body: body(huge))
            #expect(big.status == .contentTooLarge)
            #expect(try errorCode(big) != nil)
            let unknown = try await client.execute(
                uri: "/api/items/00000000-0000-4000-8000-000000000000/attachments", method: .post, headers: [.contentType: "application/pdf"], body: body(Self.pdf)
            )
            #expect(unknown.status == .notFound)
            let badName = try await client.execute(uri: "/api/items/\(key)/attachments/..%2Fitems.archive", method: .get)
            #expect(badName.status == .notFound)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".attachment-") }
            #expect(names == [])
        }
    }
}
