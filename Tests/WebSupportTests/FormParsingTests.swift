import Foundation
import Testing
import WebSupport

@Suite("Reading the pages' forms")
struct PagesFormParsingTests {
    @Test("URL-encoded fields: plus is a space, escapes are UTF-8, the first of a repeated name wins, bad escapes are left out")
    func urlEncoded() {
        let form = HTMLForm("title=Lil+Terror%20%C3%A9&title=second&rating=4.5&bad=%ZZ&empty=&=nameless")
        #expect(form["title"] == "Lil Terror é")
        #expect(form["rating"] == "4.5")
        #expect(form["bad"] == nil)
        #expect(form["empty"] == "")
        #expect(form.fields.count == 3)
        #expect(HTMLForm.escape("a b&c=é") == "a%20b%26c%3D%C3%A9")
    }

    @Test("a multipart body gives each part's name, file name, type and exact bytes")
    func multipart() throws {
        let bytes = Data([0, 13, 10, 45, 45, 255])
        var body = Data("preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n--XyZ\r\n".utf8)
        body.append(Data("Content-Disposition: form-data; name=\"photo\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n".utf8))
        body.append(bytes)
        body.append(Data("\r\n--XyZ--\r\n".utf8))
        let form = try MultipartForm(body, contentType: "multipart/form-data; boundary=\"XyZ\"")
        #expect(form.parts.count == 2)
        #expect(form.parts(named: "note").first?.data == Data("hello".utf8))
        let photo = try #require(form.parts(named: "photo").first)
        #expect(photo.filename == "a.png")
        #expect(photo.contentType == "image/png")
        #expect(photo.data == bytes)
    }

    @Test("malformed multipart bodies are refused with a reason, never trapped on")
    func multipartHostile() {
        let cases: [(String, String)] = [
            ("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end", "multipart/form-data; boundary=XyZ"),
            ("--XyZ\r\nno header end", "multipart/form-data; boundary=XyZ"),
            ("nothing", "multipart/form-data; boundary=XyZ"),
            ("--XyZ--", "text/plain"),
            ("--XyZ--", "multipart/form-data"),
            ("--\(String(repeating: "b", count: 71))--", "multipart/form-data; boundary=\(String(repeating: "b", count: 71))"),
            ("--XyZ", "multipart/form-data; boundary=XyZ"),
        ]
        for (body, type) in cases {
            #expect(throws: MultipartForm.Failure.self) { try MultipartForm(Data(body.utf8), contentType: type) }
        }
        #expect((try? MultipartForm(Data("--XyZ--\r\n".utf8), contentType: "multipart/form-data; boundary=XyZ"))?.parts.isEmpty == true)
    }
}
