import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import WebSupport

/// The plain forms that work without JavaScript. Every post, refused or not, ends on a `303 See
/// Other` to the page that shows the result: a refusal (and the add form as typed) is carried
/// there by ``WebSupport/FormCarrier``, so a reload never sends the form again.
extension HomepwnerPages {
    /// `POST /items` (name, serialNumber, valueInDollars): the new item's page, or the inventory
    /// with the add form as typed and the refusal.
    func add(_ request: Request) async throws -> Response {
        let form = try await Self.form(of: request)
        let details = DetailFieldsModel(typedIn: form, idPrefix: "new-")
        let typed = AddFormModel(
            name: String((form["name"] ?? "").prefix(ItemRules.maxNameLength + 20)),
            serialNumber: String((form["serialNumber"] ?? "").prefix(ItemRules.maxSerialNumberLength + 20)),
            value: String((form["valueInDollars"] ?? "").prefix(20)),
            details: details,
            hasDetails: !details.shown.isEmpty
        )
        do {
            let value = typed.value.trimmingCharacters(in: .whitespaces).isEmpty ? 0 : try ItemRules.value(parsing: typed.value)
            var draft = NewItem(name: form["name"] ?? "", serialNumber: form["serialNumber"] ?? "", valueInDollars: value)
            try DetailFieldsModel.addChanges(from: form, to: &draft.details)
            let item = try await store.add(draft)
            return redirect(to: "/items/\(item.itemKey)")
        } catch let error as HomepwnerError where Self.isRefusal(error) {
            var shown = typed
            shown.error = Self.formMessage(error)
            return await carrier.redirect(to: "/", carrying: .add(shown), request: request)
        }
    }

    /// `POST /items/{itemKey}` with any of name, serialNumber, valueInDollars and the details'
    /// fields (an empty detail field clears the detail): the item's page.
    func edit(_ request: Request, key: String) async throws -> Response {
        let form = try await Self.form(of: request)
        do {
            var changes = ItemChanges(
                name: form["name"], serialNumber: form["serialNumber"],
                valueInDollars: try form["valueInDollars"].map(ItemRules.value(parsing:))
            )
            try DetailFieldsModel.addChanges(from: form, to: &changes)
            guard !changes.isEmpty else { return try await refused(request, key: key, "Give a name, a serial number, a value or a detail.") }
            try await store.update(key, changes)
            return redirect(to: "/items/\(key)")
        } catch let error as HomepwnerError where Self.isRefusal(error) {
            return try await refused(request, key: key, Self.formMessage(error))
        }
    }

    /// `POST /items/{itemKey}/delete`: without `confirm=yes`, the page that asks (there is no
    /// undo without JavaScript, `GET /items/{itemKey}/delete`); with it, the delete and the
    /// inventory.
    func delete(_ request: Request, key: String) async throws -> Response {
        let form = try await Self.form(of: request)
        guard form["confirm"] == "yes" else {
            _ = try await store.item(key)
            return redirect(to: "/items/\(key)/delete")
        }
        do {
            try await store.delete(key)
        } catch let error as HomepwnerError where Self.isReadOnlyRefusal(error) {
            return try await refused(request, key: key, Self.formMessage(error))
        }
        return redirect(to: "/")
    }

    /// `GET /items/{itemKey}/delete`: the question before a plain-form delete.
    func confirmDeletePage(key: String) async throws -> Response {
        let item = try await store.item(key)
        return try await confirmDeletePage(label: item.itemName, path: "/items/\(item.itemKey)", consequence: "The item and its photo are deleted for good.")
    }

    /// `POST /items/{itemKey}/photo` (multipart, field `photo`): the item's page.
    func uploadPhoto(_ request: Request, key: String) async throws -> Response {
        _ = try await store.item(key)
        do {
            let form = try await Self.multipart(of: request, limit: maxPhotoBytes + 1_000_000)
            guard let photo = form.parts(named: "photo").first, !photo.data.isEmpty else {
                return try await refused(request, key: key, "Choose a photo first.")
            }
            try await store.setImage(photo.data, forKey: key)
            return redirect(to: "/items/\(key)")
        } catch let error as HomepwnerError where Self.isRefusal(error) {
            return try await refused(request, key: key, Self.formMessage(error))
        } catch let error as MultipartForm.Failure {
            return try await refused(request, key: key, Self.sentence(error.description))
        }
    }

    /// `POST /items/{itemKey}/photo/delete`: the item's page.
    func removePhoto(_ request: Request, key: String) async throws -> Response {
        do {
            try await store.removeImage(forKey: key)
        } catch let error as HomepwnerError where Self.isReadOnlyRefusal(error) {
            return try await refused(request, key: key, Self.formMessage(error))
        }
        return redirect(to: "/items/\(key)")
    }

    /// The item's page, by way of a redirect, showing `message`.
    private func refused(_ request: Request, key: String, _ message: String) async throws -> Response {
        await carrier.redirect(to: "/items/\(key)", carrying: .refusal(message), request: request)
    }

    /// A refusal in one sentence for the page; a damaged archive is explained once, by the
    /// page's own notice, so the form only says that nothing changed.
    static func formMessage(_ error: HomepwnerError) -> String {
        switch error.code {
        case .damagedArchive: "Nothing was changed: this inventory can only be read until it is repaired (see above)."
        case .newerModel: "Nothing was changed: this inventory was written by a newer Homepwner and can only be read here (see above)."
        default: sentence(error.message)
        }
    }

    /// A refusal because the whole inventory is read-only (damaged, or of a newer model).
    static func isReadOnlyRefusal(_ error: HomepwnerError) -> Bool {
        error.code == .damagedArchive || error.code == .newerModel
    }

    /// A failure the person can act on from the form (a rule, a photo, a read-only archive).
    static func isRefusal(_ error: HomepwnerError) -> Bool {
        [.invalidName, .invalidValue, .invalidSerialNumber, .invalidImage, .invalidAttachment, .tooLarge, .damagedArchive, .newerModel].contains(error.code)
    }
}
