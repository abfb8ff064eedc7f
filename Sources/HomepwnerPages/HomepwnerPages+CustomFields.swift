import Foundation
import Homepwner
import Hummingbird
import WebSupport

/// The plain forms of an item's own fields and of archiving it: set a field, remove one, archive
/// the item on a day, bring it back; each a 303 back to its section of the item's page, a
/// refusal carried there in words.
extension HomepwnerPages {
    /// `POST /items/{itemKey}/fields` (name, value): sets the field (an empty value removes it).
    func setCustomField(_ request: Request, key: String) async throws -> Response {
        let form = try await Self.form(of: request)
        let field = CustomField(
            name: String((form["name"] ?? "").prefix(ItemRules.maxCustomFieldNameLength + 20)),
            value: String((form["value"] ?? "").prefix(ItemRules.maxCustomFieldValueLength + 20))
        )
        var changes = ItemChanges()
        changes.customFields = [field]
        return try await change(request, key: key, at: .fields, changes)
    }

    /// `POST /items/{itemKey}/fields/delete` (name): removes the field.
    func removeCustomField(_ request: Request, key: String) async throws -> Response {
        let form = try await Self.form(of: request)
        var changes = ItemChanges()
        changes.customFields = [CustomField(name: String((form["name"] ?? "").prefix(ItemRules.maxCustomFieldNameLength + 20)), value: "")]
        return try await change(request, key: key, at: .fields, changes)
    }

    /// `POST /items/{itemKey}/archive` (date, `YYYY-MM-DD`; empty: today): archives the item.
    func archiveItem(_ request: Request, key: String) async throws -> Response {
        let form = try await Self.form(of: request)
        var changes = ItemChanges()
        do {
            let typed = String((form["date"] ?? "").prefix(20))
            // No day chosen: today.
            let day = typed.trimmingCharacters(in: .whitespaces).isEmpty ? ItemRules.dayText(store.currentDate()) ?? "" : typed
            changes.archivedDate = .some(try ItemRules.day(parsing: day, as: "an archive date"))
        } catch let error as HomepwnerError where Self.isRefusal(error) {
            return await carrier.redirect(to: ItemPageSection.archive.path(of: key), carrying: .section(.archive, Self.formMessage(error)), request: request)
        }
        return try await change(request, key: key, at: .archive, changes)
    }

    /// `POST /items/{itemKey}/unarchive`: brings the item back into the inventory.
    func unarchiveItem(_ request: Request, key: String) async throws -> Response {
        var changes = ItemChanges()
        changes.archivedDate = .some(nil)
        return try await change(request, key: key, at: .archive, changes)
    }

    /// Makes `changes` to the item with `key` and answers with its page at `section`, the
    /// refusal there when the change is refused (a missing item is a 404).
    private func change(_ request: Request, key: String, at section: ItemPageSection, _ changes: ItemChanges) async throws -> Response {
        do {
            try await store.update(key, changes)
        } catch let error as HomepwnerError where Self.isRefusal(error) {
            return await carrier.redirect(to: section.path(of: key), carrying: .section(section, Self.formMessage(error)), request: request)
        }
        return redirect(to: section.path(of: key))
    }

    /// `item`'s own fields as its page shows them.
    static func customFieldsModel(_ item: Item, refusal: String?) -> CustomFieldsModel {
        let fields = item.customFields ?? []
        return CustomFieldsModel(
            rows: fields.map { CustomFieldsModel.Row(name: $0.name, value: $0.value) }, canAdd: fields.count < ItemRules.maxCustomFields,
            maxFields: ItemRules.maxCustomFields, error: refusal
        )
    }

    /// Whether `item` is archived as its page shows it, with today for the archive form.
    static func archiveModel(_ item: Item, today: Date, refusal: String?) -> ArchiveModel {
        ArchiveModel(
            archivedText: item.archivedDate.map { DateTexts(timeZone: .gmt).day($0) }, archivedISO: item.archivedDate.flatMap(ItemRules.dayText),
            today: ItemRules.dayText(today) ?? "", error: refusal
        )
    }
}

/// An item's own fields on its page.
struct CustomFieldsModel: Sendable, Encodable {
    /// One field.
    struct Row: Sendable, Encodable {
        var name: String
        var value: String
    }

    var rows: [Row]
    /// Whether another field may be added.
    var canAdd: Bool
    /// The most fields an item can have.
    var maxFields: Int
    /// Why the last form was refused, in words.
    var error: String?
}

/// Whether an item is archived, on its page.
struct ArchiveModel: Sendable, Encodable {
    /// "3 Mar 2026" when it is archived; nil while it is in the inventory.
    var archivedText: String?
    /// The same as `YYYY-MM-DD`.
    var archivedISO: String?
    /// Today as `YYYY-MM-DD`: the archive form's day unless another is chosen.
    var today: String
    /// Why the last form was refused, in words.
    var error: String?
}
