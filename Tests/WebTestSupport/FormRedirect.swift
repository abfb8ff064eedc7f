import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting

extension TestClientProtocol {
    /// The page a form post's `303 See Other` leads to (Post/Redirect/Get), fetched as a browser
    /// would: a `GET` of its `Location` with the cookie the redirect set (what was carried) and
    /// `headers`. Nil when `response` is not a 303 with a `Location`.
    public func page(after response: TestResponse, headers: HTTPFields = [:]) async throws -> TestResponse? {
        guard response.status == .seeOther, let location = response.headers[.location] else { return nil }
        var headers = headers
        if let cookie = response.headers[.setCookie] {
            headers[.cookie] = String(cookie.prefix { $0 != ";" })
        }
        // A browser never sends the fragment (`#maintenance`): it only scrolls to it.
        return try await execute(uri: String(location.prefix { $0 != "#" }), method: .get, headers: headers)
    }
}
