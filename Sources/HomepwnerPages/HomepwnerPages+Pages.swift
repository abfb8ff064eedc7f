import Foundation
import Homepwner
import KeyedArchive
import HTTPTypes
import Hummingbird
import WebSupport

/// The two pages: the inventory and an item.
extension HomepwnerPages {
    func listPage(_ query: ItemListQuery, add: AddFormModel = AddFormModel()) async throws -> Response {
        var query = query
        var result = try await store.search(query.itemQuery)
        let clamped = query.clampingPage(count: result.shown.count)
        if clamped != query {
            // A page past the end (the list got shorter, or a hand-made URL): the last one.
            query = clamped
            result = try await store.search(query.itemQuery)
        }
        let tags = await photoTags(of: result.items.map(\.itemKey))
        let dates = DateTexts()
        let rows = result.items.map { item in
            ListPageModel.Row(
                key: item.itemKey, name: item.itemName, serialNumber: item.serialNumber,
                locationText: item.location ?? "", labelsText: (item.labels ?? []).joined(separator: ", "),
                quantityText: (item.quantity ?? 1).formatted(),
                valueText: ItemRules.dollars(item.totalValueInDollars), eachText: ItemRules.eachText(of: item), valueInDollars: item.totalValueInDollars,
                dateText: dates.day(item.dateCreated), dateISO: dates.instant(item.dateCreated),
                photoTag: tags[item.itemKey], hasPage: ItemRules.isValidKey(item.itemKey),
                archivedText: item.archivedDate.map { "Archived \(DateTexts(timeZone: .gmt).day($0))" }
            )
        }
        let everything = result.everything, shown = result.shown
        let printed = now()
        let showsDashboard = !query.narrows && query.page == 1 && everything.count > 0
        let model = ListPageModel(
            dashboard: showsDashboard ? DashboardModel(try await store.dashboard()) : nil,
            printedFilter: Self.printedFilter(query),
            sortOptions: query.sortMenu,
            searchText: query.text,
            // Each location with its parents, counted as the filter counts: at it or inside it.
            locationOptions: Self.locationOptions(result, query: query),
            labelOptions: Self.filterOptions(result.byLabel, selected: query.label, all: "Every label"),
            archivedOptions: [
                MenuChoice(value: "", label: "Hide archived", selected: query.archived == .hidden),
                MenuChoice(value: ArchivedItems.included.rawValue, label: "Include archived", selected: query.archived == .included),
                MenuChoice(value: ArchivedItems.only.rawValue, label: "Only archived", selected: query.archived == .only),
            ],
            archivedNote: result.archivedLeftOut == 0 ? nil
                : result.archivedLeftOut == 1 ? "1 archived item is not shown." : "\(result.archivedLeftOut.formatted()) archived items are not shown.",
            showArchivedURL: result.archivedLeftOut == 0 ? nil : { var shown = query; shown.archived = .included; return shown.url(page: 1) }(),
            narrows: query.narrows,
            rows: rows,
            countText: Self.countText(shown: shown.count, of: everything.count, narrows: query.narrows),
            totalText: ItemRules.dollars(shown.valueInDollars), totalValue: shown.valueInDollars,
            allTotalText: query.narrows ? "of \(ItemRules.dollars(everything.valueInDollars)) in all" : nil,
            noMatch: shown.count == 0 && everything.count > 0,
            pager: query.pager(count: shown.count, noun: "Items"),
            locationTotals: result.byLocation.map { Self.groupRow($0, unnamed: "No location") },
            labelTotals: result.byLabel.map { Self.groupRow($0, unnamed: "No label") },
            hasLabels: !result.byLabel.isEmpty,
            isEmpty: everything.count == 0,
            printedOn: dates.day(printed), printedOnISO: dates.instant(printed),
            damage: await damage(), readOnly: await readOnly(),
            problems: try await store.catalog().problems.flatMap { found in found.problems.map { "“\(found.item.itemName)”: \(Self.sentence($0.message))" } },
            add: Self.withLocations(add, Self.locationChoices(try await store.catalog().locationNames, kept: await keptLocations())), maxPhotoBytes: maxPhotoBytes
        )
        return html(try await resources.render(model, template: "list"))
    }

    /// What a printed narrowed list says it holds, every part of the query in words.
    static func printedFilter(_ query: ItemListQuery) -> String? {
        var parts: [String] = []
        if !ItemQuery.isBlank(query.text) { parts.append("matching “\(query.text.trimmingCharacters(in: .whitespaces))”") }
        if let location = query.location { parts.append("at \(location) or inside it") }
        if query.withoutLocation { parts.append("without a location") }
        if let label = query.label { parts.append("labelled “\(label)”") }
        if query.archived == .only { parts.append("that are archived") }
        return parts.isEmpty ? nil : "Only the items " + parts.joined(separator: ", ") + "."
    }

    /// "3 items", or "2 of 3 items match".
    static func countText(shown: Int, of all: Int, narrows: Bool) -> String {
        let items = all == 1 ? "1 item" : "\(all.formatted()) items"
        guard narrows else { return items }
        return shown == 1 ? "1 of \(items) matches" : "\(shown.formatted()) of \(items) match"
    }

    /// The location menu: every location with its parents, counted as the filter counts (at it
    /// or inside it), then "No location" when some item has none or it is asked for.
    static func locationOptions(_ result: ItemSearchResult, query: ItemListQuery) -> [MenuChoice] {
        var options = filterOptions(result.byPlace, selected: query.location, all: "Every location")
        let without = result.byLocation.first { $0.name == nil }?.all.count ?? 0
        if without > 0 || query.withoutLocation {
            options[0].selected = options[0].selected && !query.withoutLocation
            options.append(MenuChoice(value: ItemListRules.noLocationChoice, label: "No location (\(without.formatted()))", selected: query.withoutLocation))
        }
        return options
    }

    /// The choices of the location or label menu: every group with a name, the selected one
    /// kept even when no item has it now.
    static func filterOptions(_ groups: [GroupTotals], selected: String?, all: String) -> [MenuChoice] {
        var options = [MenuChoice(value: "", label: all, selected: selected == nil)]
        var found = false
        for group in groups {
            guard let name = group.name else { continue }
            let isSelected = selected.map { ExactString.equal($0, name) } ?? false
            found = found || isSelected
            options.append(.init(value: name, label: "\(name) (\(group.all.count.formatted()))", selected: isSelected))
        }
        if let selected, !found { options.append(.init(value: selected, label: "\(selected) (0)", selected: true)) }
        return options
    }

    static func groupRow(_ group: GroupTotals, unnamed: String) -> ListPageModel.GroupRow {
        ListPageModel.GroupRow(
            name: group.name ?? unnamed, countText: group.all.count.formatted(), valueText: ItemRules.dollars(group.all.valueInDollars),
            shownCountText: group.shown.count.formatted(), shownValueText: ItemRules.dollars(group.shown.valueInDollars)
        )
    }

    /// The page of the item with `key`, showing what a refused form carried to it.
    func itemPage(key: String, carried: CarriedPage? = nil) async throws -> Response {
        let item = try await store.item(key)
        let damage = await damage()
        let dates = DateTexts()
        let details = DetailFieldsModel(item, autosave: true, locations: Self.locationChoices(try await store.catalog().locationNames, kept: await keptLocations()))
        let model = ItemPageModel(
            key: item.itemKey, version: item.version, name: item.itemName, serialNumber: item.serialNumber,
            value: String(item.valueInDollars), valueText: ItemRules.dollars(item.valueInDollars),
            totalText: ItemRules.isSeveral(item) ? ItemRules.dollars(item.totalValueInDollars) : nil, quantityText: (item.quantity ?? 1).formatted(),
            dateText: dates.day(item.dateCreated), dateISO: dates.instant(item.dateCreated),
            photoTag: await photoTags(of: [item.itemKey])[item.itemKey],
            problems: ItemRules.problems(of: item).map { Self.sentence($0.message) },
            details: details, shownDetails: details.shown, photos: await photoGallery(of: item, refusal: carried?.refusal(at: .photos)),
            customFields: Self.customFieldsModel(item, refusal: carried?.refusal(at: .fields)),
            archive: Self.archiveModel(item, today: store.currentDate(), refusal: carried?.refusal(at: .archive)),
            attachments: await attachmentRows(forKey: item.itemKey),
            maintenance: Self.maintenanceModel(item, form: carried?.maintenanceForm, today: store.currentDate(), dates: DateTexts(timeZone: .gmt)),
            history: Self.historyModel(item),
            maxPhotoBytes: maxPhotoBytes, maxPhotoText: "\(maxPhotoBytes / 1_000_000) MB",
            formError: carried?.refusal, damage: damage, readOnly: damage != nil || !AccountAccess.mayChange
        )
        return html(try await resources.render(model, template: "item"))
    }

    /// The list of locations the user keeps; empty when it cannot be read (the locations page
    /// says why).
    func keptLocations() async -> [String] {
        (try? await store.locations().names) ?? []
    }

    /// The locations a location field offers: the user's list and every location the items
    /// have (`used`), each once (by code point), in the order people read them.
    static func locationChoices(_ used: [String], kept: [String] = []) -> [String] {
        var keys = Set<[UInt8]>()
        var choices: [String] = []
        for location in kept + used {
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

    /// Why the archive cannot be changed (damaged, or written by a newer model version), as the
    /// pages show it; nil when it can be changed.
    /// Whether the pages show no control that changes data: the archive is damaged or newer, or
    /// the person is a viewer.
    func readOnly() async -> Bool {
        await damage() != nil || !AccountAccess.mayChange
    }

    func damage() async -> DamageModel? {
        switch await store.status {
        case .damaged(let reason): DamageModel(reason: Self.sentence(reason), command: repairCommand)
        case .newerModel(let reason): DamageModel(reason: reason.hasSuffix(".") ? reason : reason + ".", command: "", newer: true)
        case .ready, .readOnly: nil
        }
    }

    /// For each key with a photo, a token that changes whenever the photo does, for the photo
    /// and thumbnail URLs: the photo's `ETag` in the API (``Homepwner/ImageStore/photoTags(forKeys:)``).
    func photoTags(of keys: [String]) async -> [String: String] {
        await store.images.photoTags(forKeys: keys)
    }
}
