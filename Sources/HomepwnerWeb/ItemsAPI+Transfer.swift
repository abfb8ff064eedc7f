import Foundation
import Homepwner
import OpenAPIRuntime
import WebSupport

/// The whole inventory as one zip, out and in (``Homepwner/ItemStore/exportInventory(to:)``).
extension ItemsAPI {
    func exportInventory(_ input: Operations.ExportInventory.Input) async throws -> Operations.ExportInventory.Output {
        let (zip, _) = try await store.exportInventoryForDownload()
        let name = ItemStore.exportFileName(on: Date())
        return .ok(.init(
            headers: .init(contentDisposition: "attachment; filename=\"\(name)\""),
            body: .applicationZip(HTTPBody(zip.chunks(in: 0..<zip.size), length: .known(Int64(zip.size)), iterationBehavior: .single))
        ))
    }

    func importInventory(_ input: Operations.ImportInventory.Input) async throws -> Operations.ImportInventory.Output {
        guard case .applicationZip(let body) = input.body else { throw APIError.unsupportedMediaType("send the zip that Export made as application/zip") }
        let zip = try await UploadBody.collect(body, limit: maxBodyBytes)
        let summary = try await store.importInventory(zip: zip)
        return .ok(.init(body: .json(.init(
            items: summary.items,
            photos: summary.photos,
            attachments: summary.attachments,
            locations: summary.locations,
            skipped: summary.skipped.map { .init(name: $0.name, reason: $0.reason) }
        ))))
    }
}
