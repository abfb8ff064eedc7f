import Testing
import WebSupport

/// Both apps' lists page the same way: one model, one template.
@Suite("The pager of a long list")
struct PagerTests {
    @Test("a list that fits on one page has no pager; a longer one says which things this page shows and links the pages around it")
    func links() throws {
        #expect(Pager(page: 1, pageSize: 50, count: 50, noun: "Creatures") { "/?page=\($0)" } == nil)
        #expect(Pager(page: 1, pageSize: 50, count: 0, noun: "Creatures") { "/?page=\($0)" } == nil)
        let first = try #require(Pager(page: 1, pageSize: 100, count: 2345, noun: "Items") { "/?page=\($0)" })
        #expect(first == Pager.init(testing: "Items 1–100 of 2,345", previous: nil, next: "/?page=2", page: 1, pageCount: 24))
        let middle = try #require(Pager(page: 2, pageSize: 100, count: 2345, noun: "Items") { "/?page=\($0)" })
        #expect(middle.rangeText == "Items 101–200 of 2,345" && middle.previousURL == "/?page=1" && middle.nextURL == "/?page=3")
        let last = try #require(Pager(page: 24, pageSize: 100, count: 2345, noun: "Items") { "/?page=\($0)" })
        #expect(last.rangeText == "Items 2,301–2,345 of 2,345" && last.previousURL == "/?page=23" && last.nextURL == nil)
    }

    @Test("a page past the last shows the last, one before the first the first, and the range of things shown follows")
    func outOfRange() throws {
        #expect(try #require(Pager(page: 999, pageSize: 50, count: 52, noun: "Creatures") { "\($0)" }).page == 2)
        #expect(try #require(Pager(page: -3, pageSize: 50, count: 52, noun: "Creatures") { "\($0)" }).page == 1)
        #expect(Pager.range(ofPage: 999, pageSize: 50, count: 52) == 50..<52)
        #expect(Pager.range(ofPage: 0, pageSize: 50, count: 52) == 0..<50)
        #expect(Pager.range(ofPage: 3, pageSize: 50, count: 0) == 0..<0)
        #expect(Pager.range(ofPage: Int.max, pageSize: 50, count: 120) == 100..<120)
    }
}

extension Pager {
    /// A pager with these fields, to compare with.
    init(testing rangeText: String, previous: String?, next: String?, page: Int, pageCount: Int) {
        self = Pager(page: 1, pageSize: 1, count: 2, noun: "") { _ in "" }!
        self.rangeText = rangeText
        self.previousURL = previous
        self.nextURL = next
        self.page = page
        self.pageCount = pageCount
    }
}
