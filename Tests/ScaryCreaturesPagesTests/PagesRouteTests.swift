import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("The pages")
struct PagesRouteTests {
    @Test("the list of an empty folder is an HTML page with the welcome, its module script and no inline script")
    func emptyList() async throws {
        try await withApp { client, _ in
            let page = try await client.execute(uri: "/", method: .get, headers: BrowserForms.pageHeaders)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            let html = text(page)
            #expect(html.contains("No creatures yet."))
            #expect(html.contains("<p class=\"count\" id=\"count\">0 creatures</p>"))
            #expect(html.contains("<script type=\"module\" src=\"/assets/list.js\"></script>"))
            #expect(html.components(separatedBy: "<script").count - 1 == html.components(separatedBy: "<script type=\"module\" src=").count - 1)
            #expect(!html.contains("style=\""))
        }
    }

    @Test("the plain add form answers 303 to the new creature's page, which shows its title")
    func addByForm() async throws {
        try await withApp { client, _ in
            let added = try await client.execute(uri: "/creatures", method: .post, headers: forms.headers, body: forms.body("title=Lil+Terror%20%C3%A9"))
            #expect(added.status == .seeOther)
            #expect(added.headers[.location] == "/creatures/1")
            let detail = try await client.execute(uri: "/creatures/1", method: .get, headers: BrowserForms.pageHeaders)
            #expect(detail.status == .ok)
            let html = text(detail)
            #expect(html.contains("<input id=\"title\" name=\"title\" value=\"Lil Terror é\""))
            #expect(html.contains("data-id=\"1\""))
            #expect(html.contains("aria-valuenow=\"0\" aria-valuetext=\"0 stars out of 5\""))
            let list = text(try await client.execute(uri: "/", method: .get, headers: BrowserForms.pageHeaders))
            #expect(list.contains("<span class=\"row-title\">Lil Terror é</span>"))
            #expect(list.contains("1 creature<"))
        }
    }

    @Test("an empty title in the add form ends, by a 303, on the page that says why and keeps the form")
    func addEmptyTitle() async throws {
        try await withApp { client, _ in
            let refusedPost = try await client.execute(uri: "/creatures", method: .post, headers: forms.headers, body: forms.body("title=+++"))
            #expect(refusedPost.status == .seeOther)
            let refused = try #require(try await client.page(after: refusedPost))
            #expect(refused.status == .ok)
            #expect(text(refused).contains("<p class=\"error\" id=\"add-error\" role=\"alert\">A title cannot be empty.</p>"))
            #expect(text(try await client.execute(uri: "/", method: .get)).contains("0 creatures"))
        }
    }

    @Test("the plain edit form renames and rates; a rating off the half-star steps ends, by a 303, on the page saying why")
    func editByForm() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/creatures", method: .post, headers: forms.headers, body: forms.body("title=Ghost"))
            let renamed = try await client.execute(uri: "/creatures/1", method: .post, headers: forms.headers, body: forms.body("title=Poltergeist"))
            #expect(renamed.status == .seeOther)
            #expect(renamed.headers[.location] == "/creatures/1")
            let rated = try await client.execute(uri: "/creatures/1", method: .post, headers: forms.headers, body: forms.body("rating=3.5"))
            #expect(rated.status == .seeOther)
            let creature = try json(try await client.execute(uri: "/api/creatures/1", method: .get))
            #expect(creature["title"] as? String == "Poltergeist")
            #expect((creature["rating"] as? NSNumber)?.doubleValue == 3.5)
            let detail = text(try await client.execute(uri: "/creatures/1", method: .get))
            #expect(detail.contains("class=\"stars big r7\""))
            #expect(detail.contains("<option value=\"3.5\" selected>3.5 stars out of 5</option>"))
            let refusedPost = try await client.execute(uri: "/creatures/1", method: .post, headers: forms.headers, body: forms.body("rating=3.7"))
            #expect(refusedPost.status == .seeOther)
            let refused = try #require(try await client.page(after: refusedPost))
            #expect(refused.status == .ok)
            #expect(text(refused).contains("A rating must be 0 to 5 in steps of 0.5, not 3.7."))
        }
    }

    @Test("the plain delete form first asks; confirmed, it deletes and answers 303 to the list; the page is then a 404 page")
    func deleteByForm() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/creatures", method: .post, headers: forms.headers, body: forms.body("title=Ghost"))
            // Without JavaScript there is no undo: the form first asks, and deletes nothing.
            let askedPost = try await client.execute(uri: "/creatures/1/delete", method: .post, headers: forms.headers, body: forms.body(""))
            #expect(askedPost.status == .seeOther)
            let asked = try #require(try await client.page(after: askedPost))
            #expect(asked.status == .ok)
            #expect(text(asked).contains("<h1>Delete “Ghost”?</h1>"))
            #expect(text(asked).contains(#"<input type="hidden" name="confirm" value="yes">"#))
            #expect(try await client.execute(uri: "/creatures/1", method: .get, headers: BrowserForms.pageHeaders).status == .ok)
            let deleted = try await client.execute(uri: "/creatures/1/delete", method: .post, headers: forms.headers, body: forms.body("confirm=yes"))
            #expect(deleted.status == .seeOther)
            #expect(deleted.headers[.location] == "/")
            let gone = try await client.execute(uri: "/creatures/1", method: .get, headers: BrowserForms.pageHeaders)
            #expect(gone.status == .notFound)
            #expect(gone.headers[.contentType] == "text/html; charset=utf-8")
            #expect(text(gone).contains("<h1>No such creature</h1>"))
            #expect(try await client.execute(uri: "/creatures/0", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/creatures/abc", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/creatures/99999999999999999999999", method: .get).status == .notFound)
        }
    }

    @Test("a form posted from another site is refused with 403 and changes nothing")
    func crossSiteForm() async throws {
        try await withApp { client, _ in
            let foreign = try await client.execute(uri: "/creatures", method: .post, headers: [.contentType: "application/x-www-form-urlencoded", HTTPField.Name("Sec-Fetch-Site")!: "cross-site"], body: body("title=Intruder"))
            #expect(foreign.status == .forbidden)
            let origin = try await client.execute(uri: "/creatures", method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .origin: "http://evil.example"], body: body("title=Intruder"))
            #expect(origin.status == .forbidden)
            #expect(text(try await client.execute(uri: "/", method: .get)).contains("0 creatures"))
        }
    }

    @Test("the list filters by title, sorts by rating and pages by 50 with links that keep the filter")
    func filterSortPage() async throws {
        try await withApp { client, _ in
            for (title, rating) in [("Ghost", 2.0), ("Goblin", 4.5), ("Vampire", 3.0)] {
                _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"\#(title)","rating":\#(rating)}"#))
            }
            let filtered = text(try await client.execute(uri: "/?q=G&sort=rating-desc", method: .get))
            let goblin = try #require(filtered.range(of: ">Goblin<"))
            let ghost = try #require(filtered.range(of: ">Ghost<"))
            #expect(goblin.lowerBound < ghost.lowerBound)
            #expect(!filtered.contains(">Vampire<"))
            #expect(filtered.contains("2 of 3 creatures match “G”"))
            #expect(filtered.contains("<option value=\"rating-desc\" selected>"))
            #expect(filtered.contains("value=\"G\""))
            let ordered = text(try await client.execute(uri: "/?sort=rating&order=desc", method: .get))
            #expect(try #require(ordered.range(of: ">Goblin<")).lowerBound < #require(ordered.range(of: ">Vampire<")).lowerBound)
            let none = text(try await client.execute(uri: "/?q=zzz", method: .get))
            #expect(none.contains("No creature’s title contains “zzz”."))
            for index in 4...52 {
                _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Ghoul \#(index)"}"#))
            }
            let first = text(try await client.execute(uri: "/?q=o", method: .get))
            #expect(first.contains("<span class=\"page-range\">Creatures 1–50 of 51</span>"))
            #expect(first.contains("<a href=\"/?q=o&amp;page=2\" rel=\"next\" class=\"page-link\">"))
            let second = text(try await client.execute(uri: "/?q=o&page=2", method: .get))
            #expect(second.contains("<span class=\"page-range\">Creatures 51–51 of 51</span>"))
            #expect(second.contains("<a href=\"/?q=o\" rel=\"prev\" class=\"page-link\">"))
            #expect(second.contains(">Ghoul 52<"))
            #expect(!second.contains(">Ghost<"))
            // A page past the last shows the last.
            #expect(text(try await client.execute(uri: "/?page=999&sort=%FF", method: .get)).contains("<span class=\"page-range\">Creatures 51–52 of 52</span>"))
            // However large the number (this page showed the first page past 1,000,000); 0 and
            // what is not a number show the first.
            for huge in ["5000000", "99999999999999999999"] {
                #expect(text(try await client.execute(uri: "/?page=\(huge)", method: .get)).contains("<span class=\"page-range\">Creatures 51–52 of 52</span>"))
            }
            for low in ["0", "-3", "abc"] {
                #expect(text(try await client.execute(uri: "/?page=\(low)", method: .get)).contains("<span class=\"page-range\">Creatures 1–50 of 52</span>"))
            }
        }
    }

    @Test("with a token, a page without it redirects to the sign-in form; signed in, the page shows")
    func signInRedirect() async throws {
        try await withApp(token: "correct-horse-battery-staple") { client, _ in
            let redirected = try await client.execute(uri: "/", method: .get, headers: BrowserForms.pageHeaders)
            #expect(redirected.status == .seeOther)
            #expect(redirected.headers[.location] == "/sign-in")
            let api = try await client.execute(uri: "/api/creatures", method: .get, headers: BrowserForms.pageHeaders)
            #expect(api.status == .unauthorized)
            let form = try await client.execute(uri: "/sign-in", method: .get, headers: BrowserForms.pageHeaders)
            #expect(form.status == .ok)
            let session = try await client.execute(
                uri: "/sign-in", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: body("token=correct-horse-battery-staple")
            )
            let cookie = try #require(session.headers[values: .setCookie].last?.split(separator: ";").first)
            #expect(cookie.hasPrefix("scary_creatures_session_80="))
            let signedIn = try await client.execute(uri: "/", method: .get, headers: [.accept: "text/html", .cookie: String(cookie)])
            #expect(signedIn.status == .ok)
            #expect(text(signedIn).contains("No creatures yet."))
        }
    }
}
