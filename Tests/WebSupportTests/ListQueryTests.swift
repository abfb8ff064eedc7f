import Testing
import WebSupport

/// Both apps' list pages read their URLs and write their links with one `ListQuery`.
@Suite("A list page's query")
struct ListQueryTests {
    /// A list like the inventory's: three sort keys, two filters, 10 things a page.
    enum Rules: ListQueryRules {
        enum Key: String, Sendable, Hashable { case date, name, value }
        static let defaultSort = Key.date
        static let sortChoices: [(value: String, label: String)] = [("date", "Oldest first"), ("name", "Name, A to Z"), ("value-desc", "Value, highest first")]
        static let filters: [(name: String, maxLength: Int)] = [("location", 5), ("label", 3)]
        static let maxTextLength = 4
        static let pageSize = 10
    }

    typealias Query = ListQuery<Rules>

    @Test("the defaults without a query, and for values that mean nothing: every URL reads as a list")
    func defaults() {
        for text in [nil, "", "sort=%FF", "sort=bogus&order=sideways&page=abc", "page=&q=&location=", "&&=x&%ZZ=1", "page=1.5", "page=0x10"] {
            let query = Query(query: text)
            #expect(query == Query(), "\(text ?? "nil")")
            #expect(query.url(page: query.page) == "/")
        }
    }

    @Test("the search, filters, order and page read from the URL, cut to their limits; the order from `sort=key-desc` or `order=desc`")
    func reading() {
        let query = Query(query: "q=lamps&location=Attic+West&label=fragile&sort=name-desc&page=3")
        #expect(query.text == "lamp" && query[filter: "location"] == "Attic" && query[filter: "label"] == "fra")
        #expect(query.sort == .name && query.descending && query.page == 3)
        #expect(Query(query: "sort=value&order=desc").sortValue == "value-desc")
        #expect(Query(query: "sort=value-asc&order=desc").descending == false)
        #expect(Query(query: "label=x")[filter: "location"] == nil)
    }

    @Test("a page below 1 is the first; a page past the last, however large, is the last")
    func outOfRange() {
        #expect(Query(query: "page=0").page == 1)
        #expect(Query(query: "page=-4").page == 1)
        #expect(Query(query: "page=-99999999999999999999").page == 1)
        #expect(Query(query: "page=99").clampingPage(count: 25).page == 3)
        #expect(Query(query: "page=99999999999999999999").clampingPage(count: 25).page == 3)
        #expect(Query(query: "page=%2B2").page == 2 && Query(query: "page=+2").page == 1)
        #expect(Query(query: "page=7").clampingPage(count: 0).page == 1)
        #expect(Query(query: "page=99").range(count: 25) == 20..<25)
        #expect(Query(query: "page=99").pager(count: 25, noun: "Items")?.page == 3)
        #expect(Query(query: "page=99").pager(count: 10, noun: "Items") == nil)
    }

    @Test("the canonical URL: only what differs from the defaults, in a fixed order, percent-encoded")
    func urls() {
        var query = Query()
        #expect(query.url(page: 1) == "/")
        query.page = 5
        #expect(query.url(page: 2) == "/?page=2")
        query.sort = .date
        query.descending = true
        #expect(query.url(page: 1) == "/?sort=date-desc")
        query[filter: "label"] = "a&b"
        query[filter: "location"] = "é /"
        query.text = "x y+"
        #expect(query.url(page: 3) == "/?q=x%20y%2B&location=%C3%A9%20%2F&label=a%26b&sort=date-desc&page=3")
        // What a URL writes reads back as the same query.
        query.page = 3
        #expect(Query(query: String(query.url(page: 3).dropFirst(2))) == query)
        query[filter: "label"] = ""
        #expect(query[filter: "label"] == nil)
        #expect(query.url(page: 1) == "/?q=x%20y%2B&location=%C3%A9%20%2F&sort=date-desc")
    }

    @Test("the sort menu selects this order")
    func sortMenu() {
        #expect(Query(query: "sort=value-desc").sortMenu == [
            MenuChoice(value: "date", label: "Oldest first", selected: false),
            MenuChoice(value: "name", label: "Name, A to Z", selected: false),
            MenuChoice(value: "value-desc", label: "Value, highest first", selected: true),
        ])
        #expect(Query().sortMenu.map(\.selected) == [true, false, false])
    }
}
