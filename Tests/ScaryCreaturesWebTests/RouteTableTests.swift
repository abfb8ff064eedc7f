import Foundation
import Hummingbird
import Logging
import ScaryCreatures
import ScaryCreaturesPages
@testable import ScaryCreaturesWeb
import TestSupport
import Testing
import WebSupport
import WebTestSupport

@Suite("The route table: read from openapi.yaml and declared by the pages, never typed twice")
struct RouteTableTests {
    private let table: APIRouteTable

    init() throws {
        table = try RouteTableCheck.table(ofModule: "ScaryCreaturesWeb")
    }

    @Test("the router serves exactly the API operations openapi.yaml declares, and every page route the pages declare a kind for")
    func tableIsWhatIsServed() async throws {
        try await withTemporaryFolder { folder in
            let database = try await ScaryCreatureDatabase.open(at: folder)
            let cache = ResponseCacheMiddleware<BasicRequestContext>(
                cache: ResponseCache(budget: 1 << 20, finishHeaders: { finishHeaders(&$0, secure: false) }), generation: { nil }, isCacheable: isCacheable
            )
            let router = try buildRouter(
                database: database, configuration: WebConfiguration(port: 0), logger: Logger(label: "test"),
                cache: cache, pages: ScaryCreaturesPages.routes
            )
            #expect(RouteTableCheck.differences(router: router, table: table, pages: ScaryCreaturesPages.routes) == [])
            #expect(table.operations.count == 15)
        }
    }

    @Test("the kinds read from openapi.yaml and the pages are the ones the server always had")
    func kinds() {
        #expect(table.uploads == ["/api/creatures/{id}/photo", "/api/imports"])
        #expect(table.largeUploads == ["/api/imports"])
        #expect(table.eventStreams == ["/api/events"])
        #expect(table.heavyReads == ["/api/creatures"])
        #expect(table.heavyWrites.isEmpty)
        #expect(ScaryCreaturesPages.routes.uploads == ["/creatures/{id}/photo", "/imports"])
        #expect(ScaryCreaturesPages.routes.heavyReads == ["/"])
        #expect(RouteTableCheck.methodLines(table) == [
            "/api/creatures GET,HEAD,POST",
            "/api/creatures/{id} GET,HEAD,PATCH,DELETE",
            "/api/creatures/{id}/photo GET,HEAD,PUT,DELETE",
            "/api/creatures/{id}/thumbnail GET,HEAD",
            "/api/creatures/{id}/history GET,HEAD",
            "/api/creatures/{id}/export GET,HEAD",
            "/api/imports POST",
            "/api/events GET,HEAD",
            "/healthz GET,HEAD",
            "/readyz GET,HEAD",
        ])
    }
}
