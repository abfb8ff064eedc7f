import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(Testing) import WebSupport

/// What a browser sends to an app's page routes: a page request, and plain forms posted from a
/// page of the same site with the form token its page showed for the id the form cookie holds
/// (WebSupport's form guard checks that the token is this process's for that id).
public struct BrowserForms: Sendable {
    /// The form token the page showed: WebSupport's for the cookie's id, in this process (a
    /// server in another process has another key).
    public let token: String
    /// The `Cookie` header value holding the form cookie's id (any well-formed one: 64 hex
    /// digits), named as the app names its form cookie.
    public let cookie: String

    /// The forms of the app whose cookies start `cookiePrefix` (`scary_creatures`, `homepwner`),
    /// served on `port` (the router test client's requests are for port 80).
    public init(cookiePrefix: String, port: Int = 80) {
        let id = String(repeating: "5a", count: 32)
        token = FormToken.token(forFormCookie: id)
        cookie = "\(cookiePrefix)_form_\(port)=\(id)"
    }

    /// The headers a browser sends for a page.
    public static let pageHeaders: HTTPFields = [.accept: "text/html,application/xhtml+xml"]

    /// The headers a browser sends with a plain same-origin form.
    public var headers: HTTPFields {
        [.contentType: "application/x-www-form-urlencoded", HTTPField.Name("Sec-Fetch-Site")!: "same-origin", .cookie: cookie]
    }

    /// A plain form's body: `fields` (URL-encoded) after the page's hidden token field.
    public func body(_ fields: String) -> ByteBuffer {
        ByteBuffer(string: "_formtoken=\(token)" + (fields.isEmpty ? "" : "&\(fields)"))
    }

    /// A `multipart/form-data` body with one file field after the token, as a browser sends a
    /// plain file form, and its headers.
    public func multipart(field: String, filename: String, type: String, data: Data, boundary: String = "----test-boundary-7MA4YWxk") -> (HTTPFields, ByteBuffer) {
        multipart(files: [(field, filename, type, data)], boundary: boundary)
    }

    /// A `multipart/form-data` body with several file fields after the token, in their order (a
    /// file input that takes several files sends one field each), and its headers.
    public func multipart(files: [(field: String, filename: String, type: String, data: Data)], boundary: String = "----test-boundary-7MA4YWxk") -> (HTTPFields, ByteBuffer) {
        var bytes = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"_formtoken\"\r\n\r\n\(token)\r\n".utf8)
        for file in files {
            bytes.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename)\"\r\nContent-Type: \(file.type)\r\n\r\n".utf8))
            bytes.append(file.data)
            bytes.append(Data("\r\n".utf8))
        }
        bytes.append(Data("--\(boundary)--\r\n".utf8))
        let headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)", HTTPField.Name("Sec-Fetch-Site")!: "same-origin", .cookie: cookie]
        return (headers, ByteBuffer(bytes: bytes))
    }
}

/// A response body as text.
public func text(_ response: TestResponse) -> String { String(buffer: response.body) }
