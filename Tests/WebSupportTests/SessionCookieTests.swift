import HTTPTypes
import Hummingbird
import NIOCore
import Testing
import WebSupport

@Suite("The sign-in session cookie")
struct SessionCookieTests {
    private func request(authority: String?) -> Request {
        Request(head: HTTPRequest(method: .get, scheme: "http", authority: authority, path: "/"), body: RequestBody(buffer: ByteBuffer()))
    }

    @Test("Each app and port has its own cookie name, so signing in to one server does not overwrite another's on the same host")
    func namePerAppAndPort() {
        let scary = SessionCookie(appName: "Scary Creatures")
        let homepwner = SessionCookie(appName: "Homepwner")
        #expect(scary.name(for: request(authority: "localhost:8080")) == "scary_creatures_session_8080")
        #expect(homepwner.name(for: request(authority: "localhost:8081")) == "homepwner_session_8081")
        #expect(scary.name(for: request(authority: "127.0.0.1:9000")) == "scary_creatures_session_9000")
        #expect(scary.name(for: request(authority: "[::1]:8080")) == "scary_creatures_session_8080")
        #expect(scary.name(for: request(authority: "localhost")) == "scary_creatures_session_80")
        #expect(scary.name(for: request(authority: nil)) == "scary_creatures_session_80")
    }

    @Test("The cookie is read under the request's own name only: another app's or port's cookie is not this server's session")
    func readsOnlyItsOwnCookie() {
        let scary = SessionCookie(appName: "Scary Creatures")
        var fields = HTTPFields()
        fields[.cookie] = "scary_session=old; homepwner_session_8080=theirs; scary_creatures_session_8081=other-port; scary_creatures_token_8080=former"
        let other = Request(head: HTTPRequest(method: .get, scheme: "http", authority: "localhost:8080", path: "/", headerFields: fields), body: RequestBody(buffer: ByteBuffer()))
        #expect(scary.value(in: other) == nil)
        fields[.cookie] = "homepwner_session_8080=theirs; scary_creatures_session_8080=mine"
        let own = Request(head: HTTPRequest(method: .get, scheme: "http", authority: "localhost:8080", path: "/", headerFields: fields), body: RequestBody(buffer: ByteBuffer()))
        #expect(scary.value(in: own) == "mine")
    }
}
