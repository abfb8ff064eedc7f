import Testing
import WebTestSupport

@Suite("homepwner: an address with nothing at it")
struct NotFoundPageTests {
    @Test("a browser (Accept names text/html first) gets an HTML 404 page with a way back; an API client gets JSON")
    func notFound() async throws {
        try await withApp { client, _ in try await expectNotFoundAnswers(client) }
    }
}
