import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import WebSupport

/// The plain forms that work without JavaScript; each answers with a redirect (303) to the page
/// that shows the result, or with the page and the refusal in words (422).
extension HomepwnerPages {
    /// `POST /items` (name, serialNumber, valueInDollars): the new item's page.
    func add(_ request: Request) async throws -> Response {
        let form = try await Self.form(of: request)
        let typed = AddFormModel(
            name: String((form["name"] ?? "").prefix(ItemRules.maxNameLength + 20)),
            serialNumber: String((form["serialNumber"] ?? "").prefix(ItemRules.maxSerialNumberLength + 20)),
            value: String((form["valueInDollars"] ?? "").prefix(20))
        )
        do {
            let value = typed.value.trimmingCharacters(in: .whitespaces).isEmpty ? 0 : try ItemRules.value(parsing: typed.value)
            let item = try await store.add(NewItem(name: form["name"] ?? "", serialNumber: form["serialNumber"] ?? "", valueInDollars: value))
            return redirect(to: "/items/\(item.itemKey)")
        } catch let error as HomepwnerError where Self.isRefusal(error) {
            var shown = typed
            shown.error = Self.formMessage(error)
            return try await listPage(ItemListQuery(), add: shown, status: Self.status(of: error))
        }
    }

    /// `POST /items/{itemKey}` with any of name, serialNumber, valueInDollars: the item's page.
    func edit(_ request: Request, key: String) async throws -> Response {
        let form = try await Self.form(of: request)
        do {
            let changes = ItemChanges(
                name: form["name"], serialNumber: form["serialNumber"],
                valueInDollars: try form["valueInDollars"].map(ItemRules.value(parsing:))
            )
            guard !changes.isEmpty else { return try await itemPage(key: key, formError: "Give a name, a serial number or a value.") }
            try await store.update(key, changes)
            return redirect(to: "/items/\(key)")
        } catch let error as HomepwnerError where Self.isRefusal(error) {
            return try await itemPage(key: key, formError: Self.formMessage(error), status: Self.status(of: error))
        }
    }

    /// `POST /items/{itemKey}/delete`: first a page that asks (there is no undo without
    /// JavaScript), then, with `confirm=yes`, the delete and the inventory.
    func delete(_ request: Request, key: String) async throws -> Response {
        let form = try await Self.form(of: request)
        guard form["confirm"] == "yes" else {
            let item = try await store.item(key)
            return html(try await resources.render(ConfirmDeletePageModel(key: item.itemKey, name: item.itemName), template: "confirm-delete"))
        }
        do {
            try await store.delete(key)
        } catch let error as HomepwnerError where error.code == .damagedArchive {
            return try await itemPage(key: key, formError: Self.formMessage(error), status: Self.status(of: error))
        }
        return redirect(to: "/")
    }

    /// `POST /items/{itemKey}/photo` (multipart, field `photo`): the item's page.
    func uploadPhoto(_ request: Request, key: String) async throws -> Response {
        _ = try await store.item(key)
        do {
            let form = try await Self.multipart(of: request, limit: maxPhotoBytes + 1_000_000)
            guard let photo = form.parts(named: "photo").first, !photo.data.isEmpty else {
                return try await itemPage(key: key, formError: "Choose a photo first.")
            }
            try await store.setImage(photo.data, forKey: key)
            return redirect(to: "/items/\(key)")
        } catch let error as HomepwnerError where Self.isRefusal(error) {
            return try await itemPage(key: key, formError: Self.formMessage(error), status: Self.status(of: error))
        } catch let error as MultipartForm.Failure {
            return try await itemPage(key: key, formError: Self.sentence(error.description))
        }
    }

    /// `POST /items/{itemKey}/photo/delete`: the item's page.
    func removePhoto(key: String) async throws -> Response {
        do {
            try await store.removeImage(forKey: key)
        } catch let error as HomepwnerError where error.code == .damagedArchive {
            return try await itemPage(key: key, formError: Self.formMessage(error), status: Self.status(of: error))
        }
        return redirect(to: "/items/\(key)")
    }

    /// A refusal in one sentence for the page; a damaged archive is explained once, by the
    /// page's own notice, so the form only says that nothing changed.
    static func formMessage(_ error: HomepwnerError) -> String {
        error.code == .damagedArchive
            ? "Nothing was changed: this inventory can only be read until it is repaired (see above)."
            : sentence(error.message)
    }

    /// The status of a refused form: 409 while the archive is damaged (nothing can change until
    /// it is repaired), 422 for a value or photo that breaks a rule.
    static func status(of error: HomepwnerError) -> HTTPResponse.Status {
        error.code == .damagedArchive ? .conflict : .unprocessableContent
    }

    /// A failure the person can act on from the form (a rule, a photo, a damaged archive).
    static func isRefusal(_ error: HomepwnerError) -> Bool {
        [.invalidName, .invalidValue, .invalidSerialNumber, .invalidImage, .damagedArchive].contains(error.code)
    }
}
