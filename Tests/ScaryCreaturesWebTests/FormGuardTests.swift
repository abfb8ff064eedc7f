import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@_spi(Testing) import WebSupport
import WebTestSupport

/// The form guard itself is tested once, on WebSupport's small app (`FormGuardContractTests`);
/// here, only that this app's pages put the token in every form they show.
@Suite("Page forms: the Scary Creatures pages carry the form token")
struct FormGuardTests {
    @Test("A page sets the form cookie (HttpOnly, SameSite=Strict) and puts the token bound to its id in every form it shows")
    func pageCarriesTheToken() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Ghost"}"#))
            let page = try await client.execute(uri: "/creatures/1", method: .get, headers: BrowserForms.pageHeaders)
            let cookie = try #require(page.headers[.setCookie])
            let match = try #require(cookie.firstMatch(of: /^scary_creatures_form_80=([0-9a-f]{64}); Path=\/; HttpOnly; SameSite=Strict$/))
            let id = String(match.1)
            let token = FormToken.token(forFormCookie: id)
            #expect(token != id)
            let html = text(page)
            let forms = html.components(separatedBy: "<form method=\"post\"").count - 1
            #expect(forms == 5)
            #expect(html.components(separatedBy: "<input type=\"hidden\" name=\"_formtoken\" value=\"\(token)\">").count - 1 == forms)
            // A browser that holds the cookie keeps its token: no new cookie.
            let again = try await client.execute(uri: "/", method: .get, headers: [.accept: "text/html", .cookie: "scary_creatures_form_80=\(id)"])
            #expect(again.headers[.setCookie] == nil)
            #expect(text(again).contains("value=\"\(token)\""))
        }
    }
}
