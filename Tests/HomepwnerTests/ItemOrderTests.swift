import Foundation
@testable import Homepwner
import Testing

@Suite("The inventory's one order, for the API and the page")
struct ItemOrderTests {
    /// Items named `names`, valued `values`, in this archive order.
    func items(_ names: [String], values: [Int]? = nil, dates: [Double]? = nil) -> [Item] {
        names.enumerated().map { index, name in
            var item = fixedItem(index, name: name)
            if let values { item.valueInDollars = values[index] }
            if let dates { item.dateCreated = Date(timeIntervalSinceReferenceDate: dates[index]) }
            return item
        }
    }

    @Test("names as people read them: case folded, numbers by value, then by code point; descending keeps ties in archive order")
    func names() {
        let list = items(["Item 10", "item 2", "Banjo", "caf\u{E9}", "cafe\u{301}", "Banjo"])
        // Composed "é" sorts before "e" + combining accent (by code point), "2" before "10".
        #expect(ItemOrder(field: .name).apply(to: list).map(\.itemName) == ["Banjo", "Banjo", "caf\u{E9}", "cafe\u{301}", "item 2", "Item 10"])
        let descending = ItemOrder(field: .name, descending: true).apply(to: list)
        #expect(descending.first?.itemName == "Item 10")
        // The two "Banjo"s keep their archive order either way.
        #expect(descending.filter { $0.itemName == "Banjo" }.map(\.itemKey) == list.filter { $0.itemName == "Banjo" }.map(\.itemKey))
    }

    @Test("by value, by date with a date that is not a number first, and the archive's order (reversed when descending) without a field")
    func valuesDatesAndArchiveOrder() {
        let list = items(["a", "b", "c"], values: [30, 10, 20], dates: [5, .nan, 1])
        #expect(ItemOrder(field: .value).apply(to: list).map(\.itemName) == ["b", "c", "a"])
        #expect(ItemOrder(field: .value, descending: true).apply(to: list).map(\.itemName) == ["a", "c", "b"])
        #expect(ItemOrder(field: .date).apply(to: list).map(\.itemName) == ["b", "c", "a"])
        #expect(ItemOrder(field: nil).apply(to: list).map(\.itemName) == ["a", "b", "c"])
        #expect(ItemOrder(field: nil, descending: true).apply(to: list).map(\.itemName) == ["c", "b", "a"])
    }
}

