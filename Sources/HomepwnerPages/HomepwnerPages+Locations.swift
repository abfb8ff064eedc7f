import Foundation
import Homepwner
import Hummingbird
import WebSupport

/// The locations page (`GET /locations`): where things are (every location in use or kept, as a
/// tree, each with its totals and a link to its page; the items without a location), and the
/// list the user keeps, each with how many items are there, plain forms to add, rename and remove (each a 303 back to the page, a refusal carried
/// there in words).
extension HomepwnerPages {
    func locationsPage(formError: String?, typed: String = "") async throws -> Response {
        let list = try await store.locations()
        let counts = list.itemCounts(in: try await store.items().filter { !$0.isArchived })
        let rows = zip(list.names, counts).enumerated().map { index, entry in
            LocationsPageModel.Row(index: index, name: entry.0, countText: entry.1 == 1 ? "1 item" : "\(entry.1) items")
        }
        let tree = try await store.placeTree()
        let model = LocationsPageModel(
            rows: rows, isEmpty: rows.isEmpty, formError: formError, typed: typed, readOnly: await readOnly(),
            places: Self.placeBranches(tree), hasPlaces: !tree.places.isEmpty, withoutText: tree.withoutLocation.count > 0 ? Self.totalsText(tree.withoutLocation) : nil
        )
        return html(try await resources.render(model, template: "locations"))
    }

    /// `POST /locations` (name).
    func addLocation(_ request: Request) async throws -> Response {
        let form = try await Self.form(of: request)
        return try await locationChange(request) { try await store.addLocation(form["name"] ?? "") }
    }

    /// `POST /locations/rename` (from, to).
    func renameLocation(_ request: Request) async throws -> Response {
        let form = try await Self.form(of: request)
        return try await locationChange(request) { _ = try await store.renameLocation(form["from"] ?? "", to: form["to"] ?? "") }
    }

    /// `POST /locations/remove` (name).
    func removeLocation(_ request: Request) async throws -> Response {
        let form = try await Self.form(of: request)
        return try await locationChange(request) { try await store.removeLocation(form["name"] ?? "") }
    }

    /// Runs `change`, then a 303 to the locations page, carrying a refusal in words.
    private func locationChange(_ request: Request, _ change: () async throws -> Void) async throws -> Response {
        do {
            try await change()
        } catch let error as HomepwnerError where Self.isRefusal(error) || error.code == .notFound {
            return await carrier.redirect(to: "/locations", carrying: .refusal(Self.formMessage(error)), request: request)
        }
        return redirect(to: "/locations")
    }
}

/// What the locations page shows.
struct LocationsPageModel: Sendable, Encodable {
    struct Row: Sendable, Encodable {
        var index: Int
        var name: String
        var countText: String
    }

    var rows: [Row]
    var isEmpty: Bool
    var formError: String?
    var typed: String
    var readOnly: Bool
    /// Where things are: every location in use or kept, nested.
    var places: [PlaceBranch]
    var hasPlaces: Bool
    /// The items without a location, when there are some.
    var withoutText: String?
}
