import Foundation
import HTTPTypes
import Homepwner
import OpenAPIRuntime
import WebSupport

/// An item's attachments (``Homepwner/Attachment``): list, upload, download, delete.
extension ItemsAPI {
    func listAttachments(_ input: Operations.ListAttachments.Input) async throws -> Operations.ListAttachments.Output {
        let key = try ItemKey.parse(input.path.itemKey)
        _ = try await store.item(key)
        let list = try await store.attachments.attachments(forKey: key)
        return .ok(.init(body: .json(.init(attachments: list.map(Self.representation)))))
    }

    /// The file name kept is `name` if given, else a multipart part's file name, else
    /// `attachment` (made safe by ``Homepwner/Attachment/safeFileName(_:kind:)``).
    func addAttachment(_ input: Operations.AddAttachment.Input) async throws -> Operations.AddAttachment.Output {
        let key = try ItemKey.parse(input.path.itemKey)
        _ = try await store.item(key)
        let limit = Attachment.maxBytes
        let bytes: Data
        var fileName = input.query.name
        switch input.body {
        case .pdf(let body), .jpeg(let body), .png(let body), .binary(let body):
            bytes = try await UploadBody.collect(body, limit: limit)
        case .multipartForm(let parts):
            let field = try await UploadBody.fieldWithFileName("file", in: parts, limit: limit) { part in
                switch part {
                case .file(let field): (true, field.payload.body, field.filename)
                case .undocumented(let raw): (false, raw.body, nil)
                }
            }
            bytes = field.data
            fileName = fileName ?? field.fileName
        }
        let attachment = try await store.addAttachment(bytes, fileName: fileName ?? "attachment", forKey: key)
        return .created(.init(body: .json(Self.representation(attachment))))
    }

    func getAttachment(_ input: Operations.GetAttachment.Input) async throws -> Operations.GetAttachment.Output {
        let key = try ItemKey.parse(input.path.itemKey)
        let attachment = try await store.attachment(input.path.name, forKey: key)
        // Opened before the answer starts, then streamed from the file as the client reads it.
        guard let file = try await store.attachments.file(attachment) else {
            throw APIError.notFound("item \(key) has no attachment \"\(input.path.name.prefix(200))\"")
        }
        let headers = Operations.GetAttachment.Output.Ok.Headers(contentDisposition: "attachment; filename=\"\(attachment.fileName)\"")
        let body = HTTPBody(file.chunks(in: 0..<file.size), length: .known(Int64(file.size)), iterationBehavior: .single)
        switch file.kind {
        case .pdf: return .ok(.init(headers: headers, body: .pdf(body)))
        case .jpeg: return .ok(.init(headers: headers, body: .jpeg(body)))
        case .png: return .ok(.init(headers: headers, body: .png(body)))
        }
    }

    func deleteAttachment(_ input: Operations.DeleteAttachment.Input) async throws -> Operations.DeleteAttachment.Output {
        let key = try ItemKey.parse(input.path.itemKey)
        try await store.removeAttachment(input.path.name, forKey: key)
        return .noContent(.init())
    }

    /// The JSON form of an attachment.
    static func representation(_ attachment: Attachment) -> Components.Schemas.Attachment {
        let path = Representation.path(of: attachment.itemKey) + "/attachments/" + attachment.storedName
        return .init(name: attachment.storedName, number: attachment.number, fileName: attachment.fileName,
                     contentType: attachment.kind?.contentType, links: .init(_self: BasePath.at(path)))
    }
}
