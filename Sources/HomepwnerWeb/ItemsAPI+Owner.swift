import Foundation
import Homepwner
import OpenAPIRuntime
import WebSupport

/// The owner and policy block of the insurance report (``Homepwner/InventoryOwner``).
extension ItemsAPI {
    func getOwner(_ input: Operations.GetOwner.Input) async throws -> Operations.GetOwner.Output {
        .ok(.init(body: .json(Self.representation(of: try await store.owner()))))
    }

    func setOwner(_ input: Operations.SetOwner.Input) async throws -> Operations.SetOwner.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType("send the owner's details as application/json") }
        let changes = InventoryOwner.Changes(name: body.name, address: body.address, insurer: body.insurer, policyNumber: body.policyNumber)
        guard !changes.isEmpty else {
            throw APIError(.unprocessableContent, code: "empty_change", "give a name, an address, an insurer, a policy number, or several of them")
        }
        return .ok(.init(body: .json(Self.representation(of: try await store.changeOwner(changes)))))
    }

    /// The JSON form of the block: each field that is set.
    static func representation(of owner: InventoryOwner) -> Components.Schemas.Owner {
        .init(name: owner.name, address: owner.address, insurer: owner.insurer, policyNumber: owner.policyNumber)
    }
}
