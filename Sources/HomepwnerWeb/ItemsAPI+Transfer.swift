import DocumentStore
import Foundation
import Homepwner
import OpenAPIRuntime
import WebSupport

/// The whole inventory as one zip, out and in (``Homepwner/ItemStore/exportInventory(to:)``).
extension ItemsAPI {
    /// The zip is shared by every download of the same state of the inventory, and removed
    /// when the last of them ends (``Homepwner/ItemStore/exportInventoryForDownload()``).
    func exportInventory(_ input: Operations.ExportInventory.Input) async throws -> Operations.ExportInventory.Output {
        let zip = try await store.exportInventoryForDownload()
        let name = ItemStore.exportFileName(on: Date())
        return .ok(.init(
            headers: .init(contentDisposition: "attachment; filename=\"\(name)\""),
            body: .applicationZip(HTTPBody(zip.chunks(in: 0..<zip.size), length: .known(Int64(zip.size)), iterationBehavior: .single))
        ))
    }

    /// The zip is streamed to a temporary file as it arrives (one chunk in memory, at most the
    /// server's import limit: a large upload, ``WebSupport/RouteKinds``) and read from there.
    func importInventory(_ input: Operations.ImportInventory.Input) async throws -> Operations.ImportInventory.Output {
        guard case .applicationZip(let body) = input.body else { throw APIError.unsupportedMediaType("send the zip that Export made as application/zip") }
        // Refused before a byte of the upload is written out.
        try await store.requireEmptyForImport()
        let store = self.store
        let summary = try await TemporaryFile.with(streaming: body, limit: maxImportBytes, pool: .shared) { file in
            try await store.importInventory(from: file, named: "this file")
        }
        return .ok(.init(body: .json(.init(
            summary: summary.importSentence,
            items: summary.items,
            photos: summary.photos,
            attachments: summary.attachments,
            locations: summary.locations,
            skipped: summary.skipped.map { .init(name: $0.name, reason: $0.reason) }
        ))))
    }
}
