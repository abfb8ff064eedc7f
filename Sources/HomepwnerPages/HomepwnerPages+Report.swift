import Foundation
import Homepwner
import Hummingbird
import QRCode
import WebSupport

/// The printable pages: the insurance report (`GET /report`, and the same report as a file of
/// its own for `homepwner report`) and labels (`GET /labels`).
extension HomepwnerPages {
    /// `GET /report`: every item by location with its photo, serial number, purchase date, price
    /// paid and value, each location's subtotal and the total, dated.
    func reportPage(formError: String? = nil) async throws -> Response {
        let result = try await store.catalog().search(ReportModel.query)
        let tags = await photoTags(of: result.items.map(\.itemKey))
        var model = ReportModel(result, printed: now()) { item in
            tags[item.itemKey].map { BasePath.at("/api/items/\(item.itemKey)/thumbnail?v=\($0)") }
        }
        model.notice = await reportNotice()
        let owner = await reportOwner()
        model.owner = owner.isEmpty ? nil : owner
        model.ownerForm = await readOnly() ? nil : owner
        model.formError = formError
        return html(try await resources.render(model, template: "report"))
    }

    /// The insurance report as one standalone HTML document: the page `GET /report` shows, with
    /// its stylesheets inline, no scripts, and each photo's thumbnail (a PNG of at most 88 pixels
    /// a side) as a `data:` URL — what `homepwner report` writes.
    ///
    /// An item whose photo cannot be read or decoded is shown without one. Each photo is decoded
    /// once (on the store's blocking pool), one after another.
    ///
    /// - Throws: what ``Homepwner/ItemStore/catalog()`` throws.
    public func reportDocument() async throws -> String {
        let result = try await store.catalog().search(ReportModel.query)
        let withPhotos = (try? await store.images.photoKeys()) ?? []
        var thumbnails: [String: String] = [:]
        for item in result.items where withPhotos.contains(item.itemKey) {
            if let png = try? await store.images.thumbnail(forKey: item.itemKey) {
                thumbnails[item.itemKey] = "data:image/png;base64," + png.base64EncodedString()
            }
        }
        var model = ReportModel(result, printed: now()) { thumbnails[$0.itemKey] }
        model.notice = await reportNotice()
        let owner = await reportOwner()
        model.owner = owner.isEmpty ? nil : owner
        model.styles = [resources.commonAssets.text(named: "base.css"), resources.assets.text(named: "report.css")]
            .compactMap { $0 }.joined(separator: "\n")
        return try await resources.render(model, template: "report-file")
    }

    /// The owner and policy block; nothing set when `owner.plist` cannot be read (`check` says why).
    func reportOwner() async -> InventoryOwner {
        (try? await store.owner()) ?? InventoryOwner()
    }

    /// `POST /report/owner` (name, address, insurer, policyNumber; an empty field clears it): the
    /// report, by way of a redirect, with the refusal if there is one.
    func setOwner(_ request: Request) async throws -> Response {
        let form = try await Self.form(of: request)
        func field(_ name: String, _ max: Int) -> String { String((form[name] ?? "").prefix(max + 20)) }
        let changes = InventoryOwner.Changes(
            name: field("name", InventoryOwner.maxLineLength), address: field("address", InventoryOwner.maxAddressLength),
            insurer: field("insurer", InventoryOwner.maxLineLength), policyNumber: field("policyNumber", InventoryOwner.maxLineLength)
        )
        do {
            try await store.changeOwner(changes)
            return redirect(to: "/report")
        } catch let error as HomepwnerError where Self.isRefusal(error) || error.code == .corrupt {
            return await carrier.redirect(to: "/report", carrying: .refusal(Self.formMessage(error)), request: request)
        }
    }

    /// What the report says when it may not hold every item: the archive is damaged.
    func reportNotice() async -> String? {
        guard case .damaged(let reason) = await store.status else { return nil }
        return "This report holds only the items that could be read: items.archive is damaged (\(reason))."
    }

    /// `GET /labels[?location=…]`: a card per location and per item (at that location or inside
    /// it). Each carries a QR code of its page's absolute URL (on `--public-url`, or the address
    /// the request came in on) that a phone's camera opens; an item's card also prints its code
    /// in large type (the shortest start of its key, 8 characters or more, that names it alone:
    /// `/items/CODE` and a search for it find it) and the address to type; a location's card
    /// prints the location.
    func labelsPage(_ request: Request) async throws -> Response {
        let location = ItemListQuery.reading(request.uri.query).location
        let catalog = try await store.catalog()
        let result = catalog.search(ItemQuery(location: location, order: ItemOrder(field: .location)))
        let kept = location == nil ? await keptLocations() : []
        let locations = location.map { [$0] } ?? Self.locationChoices(catalog.locationNames, kept: kept)
        let base = PublicURL.base(for: request, configured: publicURL)
        let codes = ItemKeyPrefixes(keys: catalog.items.map(\.itemKey))
        let model = LabelsModel(
            title: location.map { "Labels: \($0)" } ?? "Labels",
            locationCards: locations.map { place in
                let path = Self.locationLink(place)
                return .init(name: place, code: nil, addressHost: nil, addressPath: nil, qr: Self.qrCode(base: base, path: path, label: "QR code of the page of \(place)"), kind: "location")
            },
            itemCards: result.items.map { item in
                let valid = ItemRules.isValidKey(item.itemKey)
                let code = codes.shortest(for: item.itemKey, minimum: ItemCatalog.labelCodeLength)
                return .init(
                    name: item.itemName, code: code,
                    addressHost: valid ? base.map { "\($0.authority)\($0.path)" } : nil,
                    addressPath: valid ? "/items/\(code)" : nil,
                    qr: valid ? Self.qrCode(base: base, path: "/items/\(item.itemKey)", label: "QR code of the page of \(item.itemName)") : nil,
                    kind: "item"
                )
            },
            isEmpty: result.items.isEmpty && locations.isEmpty
        )
        return html(try await resources.render(model, template: "labels"))
    }

    /// The SVG of a QR code of `path` on `base`; nil without a base (a request with no `Host`)
    /// or for an address too long for a QR code.
    static func qrCode(base: PublicURL?, path: String, label: String) -> String? {
        guard let base, let code = try? QRCode(text: base.absolute(path), level: .medium) else { return nil }
        return code.svg(label: label)
    }

    /// The inventory page showing `location` and what is inside it: `/?location=…`.
    static func inventoryLink(location: String) -> String {
        var query = ItemListQuery()
        query.location = location
        return query.url(page: 1)
    }
}
