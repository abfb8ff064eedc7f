import Foundation
import HTTPTypes
import Homepwner
import Imaging
import OpenAPIRuntime
import WebSupport

/// The API's handlers: each parses what the generated code decoded, calls the item store, and
/// answers. Failures are thrown as ``WebSupport/APIError``s (or the store's errors, which
/// ``ErrorMapping`` maps) and answered as JSON by the error middleware.
struct ItemsAPI: APIProtocol, ReadinessReporting {
    let store: ItemStore
    /// The largest upload read.
    let maxBodyBytes: Int
    /// The largest whole inventory imported (streamed to disk: ``WebSupport/WebConfiguration/maxImportBytes``).
    var maxImportBytes: Int = WebConfiguration.defaultMaxImportBytes
    /// What `GET /readyz` answers: ready while the storage answers (the inventory is read
    /// before the server listens).
    let readiness: Readiness

    // MARK: Items

    func listItems(_ input: Operations.ListItems.Input) async throws -> Operations.ListItems.Output {
        let query = input.query
        // The API document's limits, counted as it counts them (code points).
        try APIError.checkLength(query.q, of: "q", max: ItemQuery.maxTextLength)
        try APIError.checkLength(query.location, of: "location", max: ItemRules.maxLocationLength)
        try APIError.checkLength(query.label, of: "label", max: ItemRules.maxLabelLength)
        // Both filters at once is well-formed but asks for two places: unprocessable, not malformed.
        if query.noLocation == true, query.location != nil {
            throw APIError(.unprocessableContent, code: "invalid_value", "ask for a location or for items without one, not both")
        }
        let search = ItemQuery(
            text: query.q ?? "", location: query.location, label: query.label,
            order: ItemOrder(field: query.sort.flatMap { ItemOrder.Field(rawValue: $0.rawValue) }, descending: query.order == .desc),
            offset: query.offset ?? 0, limit: query.limit, withoutLocation: query.noLocation ?? false,
            archived: query.archived.flatMap { ArchivedItems(rawValue: $0.rawValue) } ?? .hidden
        )
        let result: ItemSearchResult
        do {
            result = try await store.search(search)
        } catch let error as HomepwnerError where error.code == .invalidValue {
            throw APIError.badRequest(error.message)
        }
        let withPhotos = try await store.images.photoKeys()
        let status = await store.status
        let otherEntries = try await store.archiveContents().otherEntryCount
        return .ok(.init(body: .json(.init(
            items: result.items.map { Representation.item($0, hasPhoto: withPhotos.contains($0.itemKey)) },
            count: result.everything.count,
            totalValueInDollars: Int64(result.everything.valueInDollars),
            readOnly: status != .ready,
            problem: Self.problem(status),
            otherEntryCount: otherEntries,
            archivedLeftOut: result.archivedLeftOut,
            shownCount: result.shown.count,
            shownTotalValueInDollars: Int64(result.shown.valueInDollars),
            offset: result.offset,
            locations: result.byLocation.map(Representation.totals),
            places: result.byPlace.map(Representation.totals),
            labels: result.byLabel.map(Representation.totals)
        ))))
    }

    /// The API counts the characters of a name, a serial number and every text detail as they
    /// are sent, in code points, spaces at either end included — as the API document's
    /// `maxLength` counts them — before the rules trim them: 201 characters with a space in front
    /// are refused here, though the form that trims first would take them.
    static func checkAsSent(name: String?, serialNumber: String?, details: (any DetailInput)? = nil) throws {
        try checkAsSent(name, max: ItemRules.maxNameLength, code: .invalidName, what: "a name")
        try checkAsSent(serialNumber, max: ItemRules.maxSerialNumberLength, code: .invalidSerialNumber, what: "a serial number")
        guard let details else { return }
        try checkAsSent(details.location, max: ItemRules.maxLocationLength, code: .invalidValue, what: "a location")
        for label in details.labels ?? [] {
            try checkAsSent(label, max: ItemRules.maxLabelLength, code: .invalidValue, what: "a label")
        }
        try checkAsSent(details.purchasedFrom, max: ItemRules.maxPurchasedFromLength, code: .invalidValue, what: "where it was bought")
        try checkAsSent(details.warrantyNotes, max: ItemRules.maxWarrantyNotesLength, code: .invalidValue, what: "warranty notes")
        try checkAsSent(details.notes, max: ItemRules.maxNotesLength, code: .invalidValue, what: "notes")
        try checkAsSent(details.modelName, max: ItemRules.maxModelLength, code: .invalidValue, what: "a model")
        try checkAsSent(details.manufacturer, max: ItemRules.maxModelLength, code: .invalidValue, what: "a manufacturer")
    }

    private static func checkAsSent(_ text: String?, max: Int, code: HomepwnerError.Code, what: String) throws {
        guard let text, text.utf8.count > max else { return }
        let count = text.unicodeScalars.count
        guard count > max else { return }
        throw HomepwnerError(code, "\(what) can have at most \(max) characters as sent, spaces at either end included, not \(count)")
    }

    /// Why the inventory cannot change, in words; nil when it can.
    static func problem(_ status: ItemStore.Status) -> String? {
        switch status {
        case .ready: nil
        case .readOnly: "the server opened the inventory read-only; nothing can be changed"
        case .damaged(let reason): "\(reason). \(ErrorMapping.repairAdvice)"
        case .newerModel(let reason): "\(reason); nothing can be changed here (use a homepwner that knows its version)"
        }
    }

    func createItem(_ input: Operations.CreateItem.Input) async throws -> Operations.CreateItem.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType("send the item as application/json") }
        let value = try body.valueInDollars.map(Self.dollars) ?? 0
        try Self.checkAsSent(name: body.name, serialNumber: body.serialNumber, details: body)
        var draft = NewItem(name: body.name, serialNumber: body.serialNumber ?? "", valueInDollars: value)
        try body.addDetails(to: &draft.details)
        let item = try await store.add(draft)
        return .created(.init(
            headers: .init(location: Representation.path(of: item.itemKey), eTag: Representation.eTag(item.version)),
            body: .json(Representation.item(item, hasPhoto: false))
        ))
    }

    func exportItemsCSV(_ input: Operations.ExportItemsCSV.Input) async throws -> Operations.ExportItemsCSV.Output {
        let items = try await store.items()
        let withPhotos = try await store.images.photoKeys()
        let data = ItemCSV.data(items, byteOrderMark: input.query.bom ?? false) { withPhotos.contains($0.itemKey) }
        return .ok(.init(
            headers: .init(contentDisposition: "attachment; filename=\"items.csv\""),
            body: .csv(HTTPBody(data))
        ))
    }

    func importItemsCSV(_ input: Operations.ImportItemsCSV.Input) async throws -> Operations.ImportItemsCSV.Output {
        guard case .csv(let body) = input.body else { throw APIError.unsupportedMediaType("send the CSV file as text/csv") }
        let bytes = try await UploadBody.collect(body, limit: maxBodyBytes)
        let plan = try await store.planImport(bytes)
        let dryRun = input.query.dryRun ?? false
        let refusals = dryRun ? plan.refusals : try await store.applyImport(plan).refusals
        let refused = Set(refusals.map(\.line))
        return .ok(.init(body: .json(.init(
            applied: !dryRun,
            added: plan.additions.filter { !refused.contains($0.line) }.map { .init(line: $0.line, itemKey: $0.item.itemKey, name: $0.item.itemName) },
            changed: plan.changes.filter { !refused.contains($0.line) }.map {
                .init(line: $0.line, itemKey: $0.item.itemKey, name: $0.item.itemName, columns: $0.columns)
            },
            refused: refusals.map { .init(line: $0.line, item: $0.item, reason: $0.reason, reasons: $0.reasons) },
            unchangedCount: plan.unchangedCount,
            ignoredColumns: plan.ignoredColumns
        ))))
    }

    func getItem(_ input: Operations.GetItem.Input) async throws -> Operations.GetItem.Output {
        let key = try ItemKey.parse(input.path.itemKey)
        let item = try await store.item(key)
        return .ok(.init(
            headers: .init(eTag: Representation.eTag(item.version)),
            body: .json(Representation.item(item, hasPhoto: await store.images.hasImage(forKey: key)))
        ))
    }

    func updateItem(_ input: Operations.UpdateItem.Input) async throws -> Operations.UpdateItem.Output {
        let key = try ItemKey.parse(input.path.itemKey)
        guard case .json(let patch) = input.body else { throw APIError.unsupportedMediaType("send the change as application/json") }
        let ifMatch = RawRequestHeaders.value(.ifMatch, decoded: input.headers.ifMatch)
        try APIError.checkLength(ifMatch, of: "If-Match", max: 100)
        try Self.checkAsSent(name: patch.name, serialNumber: patch.serialNumber, details: patch)
        let changes = try patch.changes()
        guard !changes.isEmpty else {
            throw APIError(.unprocessableContent, code: "empty_change", "give a name, a serial number, a value, a detail, or several of them")
        }
        let version = try await expectedVersion(of: key, ifMatch: ifMatch)
        let item = try await store.update(key, changes, ifVersion: version)
        return .ok(.init(
            headers: .init(eTag: Representation.eTag(item.version)),
            body: .json(Representation.item(item, hasPhoto: await store.images.hasImage(forKey: key)))
        ))
    }

    func deleteItem(_ input: Operations.DeleteItem.Input) async throws -> Operations.DeleteItem.Output {
        let key = try ItemKey.parse(input.path.itemKey)
        let ifMatch = RawRequestHeaders.value(.ifMatch, decoded: input.headers.ifMatch)
        try APIError.checkLength(ifMatch, of: "If-Match", max: 100)
        let version = try await expectedVersion(of: key, ifMatch: ifMatch)
        try await store.delete(key, ifVersion: version)
        return .noContent(.init())
    }

    /// The version a change must find, from `If-Match`: nil for none or `*`; of a list, the one
    /// that is current now if any (the store checks it again in the same step as the change).
    func expectedVersion(of key: String, ifMatch: String?) async throws -> String? {
        guard let ifMatch, let versions = try EntityTag.versions(fromIfMatch: ifMatch) else { return nil }
        guard versions.count > 1 else { return versions.first }
        let current = try await store.item(key).version
        return versions.first { $0 == current } ?? versions.first
    }

    /// A JSON integer as whole dollars.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` for one out of range.
    static func dollars(_ value: Int64) throws -> Int {
        try ItemRules.value(Int(value))
    }

    // MARK: Stats and events

    func getStats(_ input: Operations.GetStats.Input) async throws -> Operations.GetStats.Output {
        // Archived items are out of the totals, as they are out of the list.
        let totals = ItemTotals(try await store.items().filter { !$0.isArchived })
        return .ok(.init(body: .json(.init(
            itemCount: Int64(totals.count), quantity: Int64(totals.quantity), totalValueInDollars: Int64(totals.valueInDollars),
            changeCount: Int64(await store.changeCount), saveCount: Int64(await store.saveCount)
        ))))
    }

    func getDashboard(_ input: Operations.GetDashboard.Input) async throws -> Operations.GetDashboard.Output {
        let board = try await store.dashboard()
        func group(_ totals: GroupTotals) -> Components.Schemas.DashboardGroup {
            .init(name: totals.name, itemCount: totals.all.count, totalValueInDollars: Int64(totals.all.valueInDollars))
        }
        func list(_ cut: ItemDashboard.Cut) -> Components.Schemas.DashboardList {
            .init(count: cut.count, entries: cut.entries.map { entry in
                .init(
                    itemKey: entry.item.itemKey, name: entry.item.itemName, day: entry.day, daysFromToday: entry.daysFromToday,
                    totalValueInDollars: Int64(entry.item.totalValueInDollars)
                )
            })
        }
        return .ok(.init(body: .json(.init(
            today: board.today, itemCount: board.everything.count, quantity: Int64(board.everything.quantity),
            totalValueInDollars: Int64(board.everything.valueInDollars), byTopLocation: board.byTopLocation.map(group),
            byLabel: board.byLabel.map(group), recentlyAdded: list(board.recentlyAdded),
            warrantiesEnding: list(board.warrantiesEnding), warrantiesEnded: list(board.warrantiesEnded),
            maintenanceDue: .init(value1: list(board.maintenanceDue)), maintenanceOverdue: .init(value1: list(board.maintenanceOverdue))
        ))))
    }

    func streamEvents(_ input: Operations.StreamEvents.Input) async throws -> Operations.StreamEvents.Output {
        let lastEventID = try ServerSentEvents.lastEventID(decoded: input.headers.lastEventID)
        // Each change an event, data {"itemKey": "…", "version": "…"} (version null once deleted).
        return .ok(.init(body: .textEventStream(await ServerSentEvents.body(of: store.changes, after: lastEventID, subjectKey: "itemKey"))))
    }
}
