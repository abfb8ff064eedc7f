import Foundation
import Homepwner

import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("GET /api/items searches, filters, sorts and pages, with totals")
struct SearchRouteTests {
    /// Five items: two in the garage (one on a shelf), one in the attic, two nowhere.
    static func inventory() throws -> Data {
        func item(_ name: String, _ value: Int, location: String? = nil, labels: [String]? = nil, serial: String = "") -> Item {
            var item = Item(itemName: name, serialNumber: serial, valueInDollars: value, dateCreated: Date(timeIntervalSinceReferenceDate: 0), itemKey: UUID().uuidString)
            item.location = location
            item.labels = labels
            return item
        }
        return try ItemArchive(items: [
            item("Drill", 120, location: "House › Garage", labels: ["tools", "power"], serial: "DR-1"),
            item("Saw", 30, location: "House › Garage › Shelf 2", labels: ["tools"]),
            item("Éclair tin", 8, location: "House › Attic"),
            item("Lamp", 45),
            item("eclair mould", 12, labels: ["kitchen"]),
        ]).encoded()
    }

    static func names(_ list: [String: Any]) -> [String] {
        (list["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test("q finds words in any case and accent; location, label, sort, offset and limit narrow and order the page; totals cover the matches and everything")
    func searchAndPage() async throws {
        try await withApp(archive: try Self.inventory()) { client, _ in
            let found = try json(try await client.execute(uri: "/api/items?q=ECLAIR", method: .get))
            #expect(Self.names(found) == ["Éclair tin", "eclair mould"])
            #expect(found["shownCount"] as? Int == 2)
            #expect(found["shownTotalValueInDollars"] as? Int == 20)
            #expect(found["count"] as? Int == 5)
            #expect(found["totalValueInDollars"] as? Int == 215)

            let garage = "House%20%E2%80%BA%20Garage"
            let inGarage = try json(try await client.execute(uri: "/api/items?location=\(garage)&sort=value&order=desc", method: .get))
            #expect(Self.names(inGarage) == ["Drill", "Saw"])
            let tools = try json(try await client.execute(uri: "/api/items?label=tools&q=dr-1", method: .get))
            #expect(Self.names(tools) == ["Drill"])

            let page = try json(try await client.execute(uri: "/api/items?sort=name&offset=1&limit=2", method: .get))
            #expect(Self.names(page) == ["eclair mould", "Éclair tin"])
            #expect(page["offset"] as? Int == 1)
            #expect(page["shownCount"] as? Int == 5)
            let byLocation = try #require(page["locations"] as? [[String: Any]])
            #expect(byLocation.map { $0["name"] as? String } == ["House › Attic", "House › Garage", "House › Garage › Shelf 2", nil])
            #expect(byLocation.map { $0["count"] as? Int } == [1, 1, 1, 2])

            let byLabel = try #require(try json(try await client.execute(uri: "/api/items?q=saw", method: .get))["labels"] as? [[String: Any]])
            #expect(byLabel.map { $0["name"] as? String } == ["kitchen", "power", "tools"])
            #expect(byLabel.map { $0["count"] as? Int } == [1, 1, 2])
            #expect(byLabel.map { $0["shownCount"] as? Int } == [0, 0, 1])
            #expect(byLabel.map { $0["shownTotalValueInDollars"] as? Int } == [0, 0, 30])

            let byPlace = try json(try await client.execute(uri: "/api/items?sort=location", method: .get))
            #expect(Self.names(byPlace) == ["Éclair tin", "Drill", "Saw", "eclair mould", "Lamp"])
        }
    }

    @Test("a query over its limits is 400 with a JSON message, never a 500")
    func limits() async throws {
        try await withApp(archive: try Self.inventory()) { client, _ in
            for (uri, message) in [
                ("/api/items?q=" + String(repeating: "x", count: 201), "q can have at most 200 characters"),
                ("/api/items?label=" + String(repeating: "x", count: 41), "label can have at most 40 characters"),
                ("/api/items?location=" + String(repeating: "e%CC%81", count: 101), "location can have at most 200 characters"),
                ("/api/items?offset=1000000001", "an offset can be at most 1000000000, not 1000000001"),
                ("/api/items?limit=0", "a limit must be from 1 to 1000, not 0"),
                ("/api/items?limit=1001", "a limit must be from 1 to 1000, not 1001"),
                ("/api/items?offset=-1", "an offset cannot be negative, not -1"),
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .badRequest, "\(uri)")
                #expect(try errorCode(response) == "bad_request")
                #expect(try errorMessage(response) == message, "\(uri)")
            }
            #expect(try await client.execute(uri: "/api/items?limit=ten", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/api/items?sort=colour", method: .get).status == .badRequest)
        }
    }

    @Test("GET /api/dashboard: the totals (value times quantity), by top-level location and label, the items added last and the warranties ending within 90 days or ended, each list cut to five and counted")
    func dashboard() async throws {
        try await withApp { client, _ in
            let today = Date()
            func day(_ offset: Int) -> String { ItemRules.dayText(today.addingTimeInterval(Double(offset) * 86_400)) ?? "" }
            for index in 0..<6 {
                let item = #"{"name":"Bulb \#(index)","valueInDollars":2,"quantity":3,"location":"House › Hall","warrantyEnds":"\#(day(index + 1))"}"#
                #expect(try await client.execute(uri: "/api/items", method: .post, headers: jsonHeaders, body: body(item)).status == .created)
            }
            let old = #"{"name":"Old TV","valueInDollars":300,"labels":["screens"],"warrantyEnds":"\#(day(-2))"}"#
            #expect(try await client.execute(uri: "/api/items", method: .post, headers: jsonHeaders, body: body(old)).status == .created)
            let answer = try await client.execute(uri: "/api/dashboard", method: .get)
            #expect(answer.status == .ok)
            let board = try json(answer)
            #expect(board["itemCount"] as? Int == 7)
            #expect(board["quantity"] as? Int == 19)
            #expect(board["totalValueInDollars"] as? Int == 336)
            let locations = try #require(board["byTopLocation"] as? [[String: Any]])
            #expect(locations.map { $0["name"] as? String } == ["House", nil])
            #expect(locations.map { $0["totalValueInDollars"] as? Int } == [36, 300])
            #expect((board["byLabel"] as? [[String: Any]])?.map { $0["name"] as? String } == ["screens"])
            let ending = try #require(board["warrantiesEnding"] as? [String: Any])
            #expect(ending["count"] as? Int == 6)
            let entries = try #require(ending["entries"] as? [[String: Any]])
            #expect(entries.map { $0["name"] as? String } == ["Bulb 0", "Bulb 1", "Bulb 2", "Bulb 3", "Bulb 4"])
            #expect(entries.map { $0["daysFromToday"] as? Int } == [1, 2, 3, 4, 5])
            #expect(entries.first?["totalValueInDollars"] as? Int == 6)
            let ended = try #require((board["warrantiesEnded"] as? [String: Any])?["entries"] as? [[String: Any]])
            #expect(ended.map { $0["name"] as? String } == ["Old TV"])
            #expect(ended.first?["daysFromToday"] as? Int == -2)
            #expect((board["recentlyAdded"] as? [String: Any])?["count"] as? Int == 7)
            #expect(board["today"] as? String == day(0))
        }
    }
}
