import Foundation
import Homepwner
import Hummingbird
import KeyedArchive
import WebSupport

/// Where things are: the tree on the locations page, and a page per location
/// (`GET /location?name=…`) with the items there or inside it and their totals.
extension HomepwnerPages {
    /// The most items a location page lists; the inventory filtered to it shows them all.
    static let locationPageItems = 200

    /// `GET /location?name=…`: a location's parents (each a link), the locations inside it and the
    /// items at it or inside it, with their totals — what the inventory's filter shows for it.
    /// A location no item has and the list does not keep is the 404 page.
    func locationPage(_ request: Request) async throws -> Response {
        let asked = request.uri.queryParameters.get("name") ?? ""
        let levels = ItemRules.locationLevels(String(asked.prefix(4 * ItemRules.maxLocationLength)))
        let name = levels.joined(separator: ItemRules.locationSeparator)
        let tree = try await store.placeTree()
        guard !levels.isEmpty, let place = tree.place(named: name) else {
            throw APIError.notFound("no item is at the location \(Self.shown(String(asked.prefix(200)))) and the list of locations does not have it")
        }
        let result = try await store.catalog().search(ItemQuery(location: place.name, order: ItemOrder(field: .location), limit: Self.locationPageItems))
        let dates = DateTexts()
        let model = LocationPageModel(
            name: place.name, heading: place.levels.last ?? place.name, fullName: place.depth > 1 ? place.name : nil,
            parents: (1..<max(1, place.levels.count)).map { count in
                let parent = place.levels.prefix(count).joined(separator: ItemRules.locationSeparator)
                return .init(name: place.levels[count - 1], link: Self.locationLink(parent))
            },
            totalsText: Self.totalsText(place.totals),
            children: tree.children(of: place).map { child in
                .init(name: child.levels.last ?? child.name, link: Self.locationLink(child.name), totalsText: Self.totalsText(child.totals))
            },
            hasChildren: !tree.children(of: place).isEmpty,
            items: result.items.map { item in
                let inside = ItemRules.locationLevels(item.location ?? "").dropFirst(place.levels.count)
                return .init(
                    name: item.itemName, link: ItemRules.isValidKey(item.itemKey) ? "/items/\(item.itemKey)" : nil,
                    whereText: inside.isEmpty ? nil : inside.joined(separator: ItemRules.locationSeparator),
                    quantityText: (item.quantity ?? 1).formatted(), valueText: ItemRules.dollars(item.totalValueInDollars),
                    dateText: dates.day(item.dateCreated)
                )
            },
            moreText: result.shown.count > result.items.count
                ? "The first \(result.items.count) of \(result.shown.count.formatted()) items are shown here." : nil,
            inventoryLink: Self.inventoryLink(location: place.name),
            labelsLink: "/labels?location=\(HTMLForm.escape(place.name))",
            isEmpty: place.totals.count == 0
        )
        return html(try await resources.render(model, template: "location"))
    }

    /// The address of the page of location `name`.
    static func locationLink(_ name: String) -> String {
        "/location?name=\(HTMLForm.escape(name))"
    }

    /// "3 items · $1,540", with the quantity when it differs from the count.
    static func totalsText(_ totals: ItemTotals) -> String {
        let items = totals.count == 1 ? "1 item" : "\(totals.count.formatted()) items"
        let pieces = totals.quantity != totals.count ? "\(items) (\(totals.quantity.formatted()) pieces)" : items
        return "\(pieces) · \(ItemRules.dollars(totals.valueInDollars))"
    }

    /// The locations page's tree: each place with the places inside it nested under it.
    static func placeBranches(_ tree: PlaceTree) -> [PlaceBranch] {
        var roots: [PlaceBranch] = []
        // The open branches, outermost first: each one inside the one before it.
        var open: [(levels: [String], branch: PlaceBranch)] = []
        func closeLast() {
            guard let last = open.popLast() else { return }
            if open.isEmpty { roots.append(last.branch) } else { open[open.count - 1].branch.children.append(last.branch) }
        }
        func contains(_ outer: [String], _ inner: [String]) -> Bool {
            outer.count < inner.count && zip(outer, inner).allSatisfy { ExactString.equal($0, $1) }
        }
        for place in tree.places {
            while let last = open.last, !contains(last.levels, place.levels) { closeLast() }
            let below = place.levels.dropFirst(open.last?.levels.count ?? 0)
            let branch = PlaceBranch(
                name: below.joined(separator: ItemRules.locationSeparator), link: locationLink(place.name),
                totalsText: totalsText(place.totals), children: []
            )
            open.append((place.levels, branch))
        }
        while !open.isEmpty { closeLast() }
        return roots
    }
}

/// A place in the locations page's tree, the places inside it nested.
struct PlaceBranch: Sendable, Encodable {
    /// What the tree shows: the levels below its parent's ("Shelf 2").
    var name: String
    var link: String
    var totalsText: String
    var children: [PlaceBranch]
    var hasChildren: Bool { !children.isEmpty }

    private enum CodingKeys: String, CodingKey { case name, link, totalsText, children, hasChildren }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(link, forKey: .link)
        try container.encode(totalsText, forKey: .totalsText)
        try container.encode(children, forKey: .children)
        try container.encode(hasChildren, forKey: .hasChildren)
    }
}

/// What a location page shows.
struct LocationPageModel: Sendable, Encodable {
    struct Link: Sendable, Encodable {
        var name: String
        var link: String
    }

    struct Child: Sendable, Encodable {
        var name: String
        var link: String
        var totalsText: String
    }

    struct Row: Sendable, Encodable {
        var name: String
        var link: String?
        /// Where inside the location ("Shelf 2"); nil for the location itself.
        var whereText: String?
        var quantityText: String
        var valueText: String
        var dateText: String
    }

    var name: String
    var heading: String
    /// The whole name under the heading, for a location inside another.
    var fullName: String?
    var parents: [Link]
    var totalsText: String
    var children: [Child]
    var hasChildren: Bool
    var items: [Row]
    var moreText: String?
    var inventoryLink: String
    var labelsLink: String
    var isEmpty: Bool
}
