import Foundation
import Homepwner
import OpenAPIRuntime
import WebSupport

/// The list of locations (``Homepwner/LocationList``): list, add, rename, remove; and where
/// things are (``Homepwner/PlaceTree``).
extension ItemsAPI {
    func listPlaces(_ input: Operations.ListPlaces.Input) async throws -> Operations.ListPlaces.Output {
        let tree = try await store.placeTree()
        return .ok(.init(body: .json(.init(
            places: tree.places.map { place in
                .init(
                    name: place.name, levels: place.levels, depth: place.depth, kept: place.isKept,
                    itemCount: place.totals.count, quantity: Int64(place.totals.quantity), totalValueInDollars: Int64(place.totals.valueInDollars)
                )
            },
            withoutLocation: Self.placeTotals(tree.withoutLocation), everything: Self.placeTotals(tree.everything)
        ))))
    }

    private static func placeTotals(_ totals: ItemTotals) -> Components.Schemas.PlaceTotals {
        .init(itemCount: totals.count, quantity: Int64(totals.quantity), totalValueInDollars: Int64(totals.valueInDollars))
    }

    func listLocations(_ input: Operations.ListLocations.Input) async throws -> Operations.ListLocations.Output {
        .ok(.init(body: .json(try await representation(of: try await store.locations()))))
    }

    func addLocation(_ input: Operations.AddLocation.Input) async throws -> Operations.AddLocation.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType("send the location as application/json") }
        let list = try await store.addLocation(body.name)
        return .created(.init(body: .json(try await representation(of: list))))
    }

    func removeLocation(_ input: Operations.RemoveLocation.Input) async throws -> Operations.RemoveLocation.Output {
        let list = try await store.removeLocation(input.query.name)
        return .ok(.init(body: .json(try await representation(of: list))))
    }

    func renameLocation(_ input: Operations.RenameLocation.Input) async throws -> Operations.RenameLocation.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType("send the rename as application/json") }
        let (list, moved) = try await store.renameLocation(body.from, to: body.to)
        var json = try await representation(of: list)
        json.movedItems = moved
        return .ok(.init(body: .json(json)))
    }

    /// The list as the API shows it, each location with its item count.
    private func representation(of list: LocationList) async throws -> Components.Schemas.LocationList {
        let counts = list.itemCounts(in: try await store.items().filter { !$0.isArchived })
        return .init(locations: zip(list.names, counts).map { .init(name: $0, itemCount: $1) })
    }
}
