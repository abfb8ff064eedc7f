import Mustache
import Testing
@testable import WebSupport

/// Both apps' page models reach their templates through their `Encodable` conformance.
@Suite("A page model as its template reads it")
struct TemplateValuesTests {
    struct Row: Encodable {
        var name: String
        var count: Int
        var photo: String?
        var shown: Bool
    }

    struct Page: Encodable {
        var title: String
        var rows: [Row]
        var damage: String?
        var pager: Pager?
        var tags: [String]
        /// Not stored: the template does not see it.
        var computed: String { "never" }
    }

    private func render(_ template: String, _ model: some Encodable) throws -> String {
        let value = try #require(try TemplateValues.of(model))
        return try MustacheTemplate(string: template).render(value)
    }

    @Test("stored fields by name with their values, nested structs and arrays; an empty optional and a computed property are missing")
    func fields() throws {
        let page = Page(title: "Things", rows: [Row(name: "Lamp", count: 2, photo: "1-2", shown: true), Row(name: "Desk", count: 0, photo: nil, shown: false)], damage: nil, pager: nil, tags: ["a", "b"])
        let fields = try #require(try TemplateValues.of(page) as? TemplateFields)
        #expect(fields.child(named: "title") as? String == "Things")
        #expect(fields.child(named: "damage") == nil && fields.child(named: "pager") == nil && fields.child(named: "computed") == nil)
        let rows = try #require(fields.child(named: "rows") as? TemplateList)
        let first = try #require(rows.items.first as? TemplateFields)
        #expect(first.child(named: "count") as? Int == 2 && first.child(named: "shown") as? Bool == true && first.child(named: "photo") as? String == "1-2")
        #expect((rows.items.last as? TemplateFields)?.child(named: "photo") == nil)
        #expect(try render("{{#tags}}[{{.}}]{{/tags}}{{^computed}}no{{/computed}}", page) == "[a][b]no")
    }

    @Test("sections walk arrays, test booleans and optionals; a name a row lacks is looked up in the page")
    func rendering() throws {
        let pager = Pager(page: 2, pageSize: 1, count: 3, noun: "Rows") { "/?page=\($0)" }
        let page = Page(title: "T", rows: [Row(name: "Lamp", count: 2, photo: "1-2", shown: true), Row(name: "Desk", count: 0, photo: nil, shown: false)], damage: "torn", pager: pager, tags: [])
        let template = "{{#rows}}<{{name}} {{count}}{{#photo}} p={{photo}}{{/photo}}{{^shown}} hidden{{/shown}} {{damage}} {{title}}>{{/rows}}{{^tags}}none{{/tags}}{{#pager}}{{rangeText}} {{previousURL}}{{/pager}}"
        #expect(try render(template, page) == "<Lamp 2 p=1-2 torn T><Desk 0 hidden torn T>noneRows 2–2 of 3 /?page=1")
        var whole = page
        whole.damage = nil
        whole.rows = []
        whole.pager = nil
        #expect(try render("{{^rows}}empty{{/rows}}{{^damage}} fine{{/damage}}{{^pager}} one page{{/pager}}", whole) == "empty fine one page")
    }
}
