import Homepwner
import WebSupport

/// Who changed an item, and how: its last changes (``Homepwner/Item/history``).
extension ItemsAPI {
    func getItemHistory(_ input: Operations.GetItemHistory.Input) async throws -> Operations.GetItemHistory.Output {
        let key = try ItemKey.parse(input.path.itemKey)
        let item = try await store.item(key)
        return .ok(.init(headers: .init(eTag: Representation.eTag(item.version)), body: .json(Representation.history(item))))
    }
}
