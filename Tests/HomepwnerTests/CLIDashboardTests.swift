import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("homepwner dashboard: the inventory at a glance", .timeLimit(.minutes(4)))
struct CLIDashboardTests {
    @Test("text and --json: the totals, by location and label, added lately, and warranties ending within 90 days or ended, as a real process")
    func dashboard() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let today = Date()
            func day(_ offset: Int) -> String { ItemRules.dayText(today.addingTimeInterval(Double(offset) * 86_400)) ?? "" }
            for arguments in [
                ["add", "Drill", "--value", "120", "--location", "House > Garage", "--label", "tools", "--warranty-ends", day(20), "--create"],
                ["add", "TV", "--value", "800", "--quantity", "2", "--warranty-ends", day(-5)],
            ] {
                let added = try await homepwner(arguments + data)
                #expect(added.status == 0, "\(added.errors)")
            }
            let text = try await homepwner(["dashboard"] + data)
            #expect(text.status == 0, "\(text.errors)")
            #expect(text.output == """
                2 items, worth $1,720

                By location:
                  House  1 item, $120
                  (no location)  1 item, $1,600

                By label:
                  tools  1 item, $120

                Added lately:
                  \(day(0))  TV
                  \(day(0))  Drill

                Warranties ending within 90 days:
                  \(day(20))  Drill

                Warranties ended:
                  \(day(-5))  TV

                """)
            let json = try await homepwner(["dashboard", "--json"] + data)
            let board = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect(board["totalValueInDollars"] as? Int == 1_720)
            #expect(board["quantity"] as? Int == 3)
            let ending = try #require((board["warrantiesEnding"] as? [String: Any])?["entries"] as? [[String: Any]])
            #expect(ending.map { $0["itemName"] as? String } == ["Drill"])
            #expect(ending.map { $0["daysFromToday"] as? Int } == [20])
        }
    }
}
