import Foundation
import Homepwner
import Hummingbird
import WebSupport

/// The plain forms of an item's attachments: upload (multipart, field `file`) and remove, each a
/// 303 back to the item's page, a refusal carried there in words.
extension HomepwnerPages {
    /// `POST /items/{itemKey}/attachments`.
    func uploadAttachment(_ request: Request, key: String) async throws -> Response {
        _ = try await store.item(key)
        do {
            let form = try await Self.multipart(of: request, limit: Attachment.maxBytes + 1_000_000)
            guard let file = form.parts(named: "file").first, !file.data.isEmpty else {
                return await carrier.redirect(to: "/items/\(key)", carrying: .refusal("Choose a file to attach first."), request: request)
            }
            _ = try await store.addAttachment(file.data, fileName: file.filename ?? "attachment", forKey: key)
            return redirect(to: "/items/\(key)")
        } catch let error as HomepwnerError where Self.isRefusal(error) {
            return await carrier.redirect(to: "/items/\(key)", carrying: .refusal(Self.formMessage(error)), request: request)
        } catch let error as MultipartForm.Failure {
            return await carrier.redirect(to: "/items/\(key)", carrying: .refusal(Self.sentence(error.description)), request: request)
        }
    }

    /// `POST /items/{itemKey}/attachments/{name}/delete`.
    func removeAttachment(_ request: Request, key: String, name: String) async throws -> Response {
        do {
            try await store.removeAttachment(name, forKey: key)
        } catch let error as HomepwnerError where error.code == .damagedArchive {
            return await carrier.redirect(to: "/items/\(key)", carrying: .refusal(Self.formMessage(error)), request: request)
        }
        return redirect(to: "/items/\(key)")
    }

    /// The attachments of the item with `key` as the page lists them; empty when they cannot be
    /// listed (the page still shows the item).
    func attachmentRows(forKey key: String) async -> [AttachmentRow] {
        let list = (try? await store.attachments.attachments(forKey: key)) ?? []
        return list.map { attachment in
            AttachmentRow(name: attachment.storedName, fileName: attachment.fileName, url: "/api/items/\(key)/attachments/\(attachment.storedName)")
        }
    }
}

/// One attachment on an item's page.
struct AttachmentRow: Sendable, Encodable {
    /// Its stored name (safe in a URL: ASCII letters, digits, `.`, `_`, `-`).
    var name: String
    var fileName: String
    /// Where it is downloaded.
    var url: String
}
