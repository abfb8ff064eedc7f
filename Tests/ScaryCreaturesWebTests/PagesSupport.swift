import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The form token a browser holds in its cookie after loading a page (any well-formed one).
let formToken = String(repeating: "5a", count: 32)

/// The cookie that holds ``formToken`` (the router test client's requests are for port 80).
let formTokenCookie = "scary_creatures_form_80=\(formToken)"

/// The headers a browser sends with a plain same-origin form.
let formHeaders: HTTPFields = [
    .contentType: "application/x-www-form-urlencoded", HTTPField.Name("Sec-Fetch-Site")!: "same-origin", .cookie: formTokenCookie,
]

/// A plain form's body: `fields` after the page's hidden token field.
func formBody(_ fields: String) -> ByteBuffer {
    ByteBuffer(string: "_formtoken=\(formToken)" + (fields.isEmpty ? "" : "&\(fields)"))
}

/// The headers a browser sends for a page.
let pageHeaders: HTTPFields = [.accept: "text/html,application/xhtml+xml"]

/// A response body as text.
func text(_ response: TestResponse) -> String { String(buffer: response.body) }

/// A `multipart/form-data` body with one file field, as a browser sends a plain file form.
func multipartBody(field: String, filename: String, type: String, data: Data, boundary: String = "----scary-boundary-7MA4YWxk") -> (HTTPFields, ByteBuffer) {
    var bytes = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"_formtoken\"\r\n\r\n\(formToken)\r\n".utf8)
    bytes.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"\(filename)\"\r\nContent-Type: \(type)\r\n\r\n".utf8))
    bytes.append(data)
    bytes.append(Data("\r\n--\(boundary)--\r\n".utf8))
    let headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)", HTTPField.Name("Sec-Fetch-Site")!: "same-origin", .cookie: formTokenCookie]
    return (headers, ByteBuffer(bytes: bytes))
}
