import Foundation
import Homepwner
import HomepwnerPages
import HomepwnerWeb
import TestSupport
import Testing
import WebSupport
import WebTestSupport

@Suite("The route table: read from openapi.yaml and declared by the pages, never typed twice")
struct RouteTableTests {
    private let table: APIRouteTable

    init() throws {
        table = try RouteTableCheck.table(ofModule: "HomepwnerWeb")
    }

    @Test("the router serves exactly the API operations openapi.yaml declares, and every page route the pages declare a kind for")
    func tableIsWhatIsServed() async throws {
        try await withTemporaryFolder { folder in
            let router = try buildRouter(
                store: ItemStore(storage: .folder(folder)), configuration: WebConfiguration(port: 0), pages: HomepwnerPages.routes
            )
            #expect(RouteTableCheck.differences(router: router, table: table, pages: HomepwnerPages.routes) == [])
            #expect(table.operations.count == 38)
        }
    }

    @Test("the kinds read from openapi.yaml and the pages are the ones the server always had")
    func kinds() {
        #expect(table.uploads == ["/api/items/import", "/api/import", "/api/items/{itemKey}/photo", "/api/items/{itemKey}/photos", "/api/items/{itemKey}/attachments"])
        #expect(table.largeUploads == ["/api/import"])
        #expect(table.eventStreams == ["/api/events"])
        #expect(table.heavyReads == ["/api/items", "/api/items.csv", "/api/places", "/api/stats", "/api/dashboard", "/api/export"])
        #expect(table.heavyWrites.map { "\($0.0) \($0.1)" } == ["POST /api/items/import"])
        #expect(HomepwnerPages.routes.uploads == ["/items/{key}/photo", "/items/{key}/photos", "/items/{key}/attachments", "/import", "/import-everything"])
        #expect(HomepwnerPages.routes.heavyReads == ["/", "/labels", "/locations", "/location"])
        #expect(RouteTableCheck.methodLines(table) == [
            "/api/items GET,HEAD,POST",
            "/api/items.csv GET,HEAD",
            "/api/items/import POST",
            "/api/export GET,HEAD",
            "/api/import POST",
            "/api/items/{itemKey} GET,HEAD,PATCH,DELETE",
            "/api/items/{itemKey}/photo GET,HEAD,PUT,DELETE",
            "/api/items/{itemKey}/thumbnail GET,HEAD",
            "/api/items/{itemKey}/photos GET,HEAD,POST",
            "/api/items/{itemKey}/photos/{number} GET,HEAD,DELETE",
            "/api/items/{itemKey}/photos/{number}/thumbnail GET,HEAD",
            "/api/items/{itemKey}/attachments GET,HEAD,POST",
            "/api/items/{itemKey}/attachments/{name} GET,HEAD,DELETE",
            "/api/items/{itemKey}/history GET,HEAD",
            "/api/items/{itemKey}/maintenance GET,HEAD,POST",
            "/api/items/{itemKey}/maintenance/{number} DELETE",
            "/api/places GET,HEAD",
            "/api/owner GET,HEAD,PUT",
            "/api/locations GET,HEAD,POST,DELETE",
            "/api/locations/rename POST",
            "/api/stats GET,HEAD",
            "/api/dashboard GET,HEAD",
            "/api/events GET,HEAD",
            "/healthz GET,HEAD",
            "/readyz GET,HEAD",
        ])
    }

    @Test("a wrong method on a path two patterns match is answered by the one with more fixed segments")
    func mostSpecificPattern() async throws {
        try await withApp { client, _ in
            let put = try await client.execute(uri: "/api/items/import", method: .put)
            #expect(put.status == .methodNotAllowed)
            #expect(put.headers[.allow] == "POST")
        }
    }
}
