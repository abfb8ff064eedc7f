import Foundation
import Homepwner
import HTTPTypes
import Hummingbird
import WebSupport

/// The two pages: the inventory and an item.
extension HomepwnerPages {
    func listPage(_ query: ItemListQuery, add: AddFormModel = AddFormModel()) async throws -> Response {
        let items = try await store.items()
        let sorted = query.apply(to: items)
        let tags = await photoTags(of: sorted.map(\.itemKey))
        let dates = DateTexts()
        let rows = sorted.map { item in
            ListPageModel.Row(
                key: item.itemKey, name: item.itemName, serialNumber: item.serialNumber,
                valueText: ItemRules.dollars(item.valueInDollars), valueInDollars: item.valueInDollars,
                dateText: dates.day(item.dateCreated), dateISO: dates.instant(item.dateCreated),
                photoTag: tags[item.itemKey], hasPage: ItemRules.isValidKey(item.itemKey)
            )
        }
        // The values are at most 10⁹ each, so the sum cannot overflow for any list that fits in memory;
        // a hostile archive's out-of-range values are added with overflow checks all the same.
        let total = items.reduce(0) { sum, item in
            let (result, overflow) = sum.addingReportingOverflow(item.valueInDollars)
            return overflow ? sum : result
        }
        let printed = now()
        let model = ListPageModel(
            sortOptions: ItemListQuery.sortChoices.map { .init(value: $0.value, label: $0.label, selected: $0.value == query.sortValue) },
            rows: rows,
            countText: items.count == 1 ? "1 item" : "\(items.count) items",
            totalText: ItemRules.dollars(total),
            isEmpty: items.isEmpty,
            printedOn: dates.day(printed), printedOnISO: dates.instant(printed),
            damage: await damage(),
            problems: items.flatMap { item in ItemRules.problems(of: item).map { "“\(item.itemName)”: \(Self.sentence($0.message))" } },
            add: Self.withLocations(add, Self.locationChoices(items, kept: await keptLocations())), maxPhotoBytes: maxPhotoBytes
        )
        return html(try await resources.render(model, template: "list"))
    }

    func itemPage(key: String, formError: String? = nil) async throws -> Response {
        let item = try await store.item(key)
        let damage = await damage()
        let dates = DateTexts()
        let details = DetailFieldsModel(item, autosave: true, locations: Self.locationChoices(try await store.items(), kept: await keptLocations()))
        let model = ItemPageModel(
            key: item.itemKey, version: item.version, name: item.itemName, serialNumber: item.serialNumber,
            value: String(item.valueInDollars), valueText: ItemRules.dollars(item.valueInDollars),
            dateText: dates.day(item.dateCreated), dateISO: dates.instant(item.dateCreated),
            photoTag: await photoTags(of: [item.itemKey])[item.itemKey],
            problems: ItemRules.problems(of: item).map { Self.sentence($0.message) },
            details: details, shownDetails: details.shown, attachments: await attachmentRows(forKey: item.itemKey),
            maxPhotoBytes: maxPhotoBytes, maxPhotoText: "\(maxPhotoBytes / 1_000_000) MB",
            formError: formError, damage: damage, readOnly: damage != nil
        )
        return html(try await resources.render(model, template: "item"))
    }

    /// The list of locations the user keeps; empty when it cannot be read (the locations page
    /// says why).
    func keptLocations() async -> [String] {
        (try? await store.locations().names) ?? []
    }

    /// The locations a location field offers: the user's list and every location the items
    /// have, each once (by code point), in the order people read them.
    static func locationChoices(_ items: [Item], kept: [String] = []) -> [String] {
        var keys = Set<[UInt8]>()
        var choices: [String] = []
        for location in kept + items.compactMap(\.location) {
            guard keys.insert(Array(location.utf8)).inserted else { continue }
            choices.append(location)
        }
        return choices.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    /// `form` offering `locations` in its location field.
    static func withLocations(_ form: AddFormModel, _ locations: [String]) -> AddFormModel {
        var form = form
        form.details.locations = locations
        return form
    }

    /// The damage of the archive, as the pages show it; nil when it can be changed.
    func damage() async -> DamageModel? {
        guard case .damaged(let reason) = await store.status else { return nil }
        return DamageModel(reason: Self.sentence(reason), command: repairCommand)
    }

    /// For each key with a photo, a token that changes whenever the photo does, for the photo
    /// and thumbnail URLs: the photo's `ETag` in the API (``Homepwner/ImageStore/photoTags(forKeys:)``).
    func photoTags(of keys: [String]) async -> [String: String] {
        await store.images.photoTags(forKeys: keys)
    }
}
