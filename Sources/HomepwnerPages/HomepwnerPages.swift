import DocumentStore
import Foundation
import Homepwner
import Hummingbird
import Imaging
import WebSupport

/// The Homepwner pages a person uses: the inventory (`GET /`: a table of items with their
/// thumbnails, names, serial numbers, values and dates, the total value, sorting, add, delete),
/// an item (`GET /items/{itemKey}`: every field and detail edited in place, the photo, the
/// attachments), the list of locations (`GET /locations`) and CSV import with a preview
/// (`GET /import`), a printable insurance report (`GET /report`), labels with QR codes
/// (`GET /labels`; a label's code opens its item at `GET /items/CODE`) and a scan page (`GET /scan`),
/// with a print stylesheet that
/// turns the inventory into a list for an insurer.
///
/// Every page works without JavaScript through plain forms (add, edit, photo, delete after a
/// confirmation), each answering with a redirect (303) to the page that shows the result, a
/// refusal and what was typed carried there (Post/Redirect/Get, ``WebSupport/FormCarrier``); the
/// scripts enhance the same pages through the JSON API under `/api/items` (saving as you type
/// with `If-Match`, photo upload with progress, delete with undo, live updates from
/// `/api/events`). A damaged archive is shown read-only with the command that repairs it.
public struct HomepwnerPages: AppPages {
    let store: ItemStore
    /// The pages' templates and files.
    public let resources: PageResources
    /// The largest photo, as Imaging enforces it.
    let maxPhotoBytes: Int
    /// The command a person runs to repair a damaged archive, as shown on the pages.
    let repairCommand: String
    /// The clock of "printed on".
    let now: @Sendable () -> Date
    /// Where printed links lead (`--public-url`); nil for the name each request came in on.
    let publicURL: PublicURL?
    /// What a plain form's post carries to the page its redirect shows.
    let carrier = FormCarrier<CarriedPage>(appName: "homepwner")
    /// The CSV imports previewed and not yet confirmed.
    let pendingImports = PendingImports()

    /// Loads the templates and files of the pages for `store`.
    ///
    /// - Parameters:
    ///   - repairCommand: the command shown when the archive is damaged; by default
    ///     `homepwner check --repair --storage <the store's folder or s3://BUCKET/PREFIX>`.
    ///   - now: the clock that dates the printed inventory.
    ///   - publicURL: where the labels' QR codes lead; by default the address each request
    ///     came in on.
    /// - Throws: when the package's resources are missing or a template does not parse.
    public init(
        store: ItemStore, repairCommand: String? = nil, now: @escaping @Sendable () -> Date = { Date() }, publicURL: PublicURL? = nil
    ) throws {
        self.store = store
        self.resources = try PageResources(bundle: .module, site: SiteIdentity(name: "Homepwner", stylesheet: "homepwner.css", startPage: "inventory"))
        self.maxPhotoBytes = ImageLimits().maxEncodedBytes
        self.repairCommand = repairCommand ?? Self.repairCommand(for: store.storage)
        self.now = now
        self.publicURL = publicURL
    }

    /// Adds the pages, the plain forms, `/assets/…` (the pages' own files) and WebSupport's
    /// shared `/assets/common/…` to `router`.
    public func addRoutes(to router: Router<BasicRequestContext>) {
        resources.assets.addRoutes(to: router, prefix: "/assets")
        resources.commonAssets.addRoutes(to: router, prefix: CommonAssets.prefix)
        router.get("/") { request, _ in
            let carried = await carrier.take(for: request)
            return try await listPage(ItemListQuery.reading(request.uri.query), add: carried?.addForm ?? AddFormModel())
        }
        router.post("/items") { request, _ in try await add(request) }
        router.get("/items/:key") { request, context in
            try await page { try await openItem(context.parameters.get("key") ?? "", request: request) }
        }
        router.get("/scan") { request, _ in try await scanPage(request) }
        router.get("/location") { request, _ in try await page { try await locationPage(request) } }
        router.get("/locations") { request, _ in
            try await locationsPage(formError: await carrier.take(for: request)?.refusal)
        }
        router.post("/locations") { request, _ in try await addLocation(request) }
        router.post("/locations/rename") { request, _ in try await renameLocation(request) }
        router.post("/locations/remove") { request, _ in try await removeLocation(request) }
        router.get("/report") { request, _ in try await reportPage(formError: await carrier.take(for: request)?.refusal) }
        router.post("/report/owner") { request, _ in try await setOwner(request) }
        router.get("/labels") { request, _ in try await labelsPage(request) }
        router.get("/import") { request, _ in try await importPage(formError: await carrier.take(for: request)?.refusal) }
        // A CSV file's preview, its page and its import grow with the file (100,000 rows take
        // seconds): made off the event loops, the store's part included.
        router.post("/import") { request, _ in try await withTaskExecutorPreference(OffLoop.executor) { try await previewImport(request) } }
        router.post("/import-everything") { request, _ in try await importEverything(request) }
        router.get("/import/:token") { request, context in
            try await withTaskExecutorPreference(OffLoop.executor) {
                try await importPreviewPage(token: context.parameters.get("token") ?? "", formError: await carrier.take(for: request)?.refusal)
            }
        }
        router.post("/import/:token") { request, context in
            try await withTaskExecutorPreference(OffLoop.executor) { try await applyImport(request, token: context.parameters.get("token") ?? "") }
        }
        router.get("/items/:key/delete") { _, context in
            try await page { try await confirmDeletePage(key: try pageKey(context)) }
        }
        router.post("/items/:key") { request, context in try await page { try await edit(request, key: try pageKey(context)) } }
        router.post("/items/:key/delete") { request, context in try await page { try await delete(request, key: try pageKey(context)) } }
        router.post("/items/:key/photo") { request, context in try await page { try await uploadPhoto(request, key: try pageKey(context)) } }
        router.post("/items/:key/attachments") { request, context in
            try await page { try await uploadAttachment(request, key: try pageKey(context)) }
        }
        router.post("/items/:key/attachments/:name/delete") { request, context in
            try await page { try await removeAttachment(request, key: try pageKey(context), name: context.parameters.get("name") ?? "") }
        }
        router.post("/items/:key/maintenance") { request, context in
            try await page { try await addMaintenance(request, key: try pageKey(context)) }
        }
        router.post("/items/:key/maintenance/:number/delete") { request, context in
            try await page { try await removeMaintenance(request, key: try pageKey(context), number: context.parameters.get("number") ?? "") }
        }
        router.post("/items/:key/fields") { request, context in
            try await page { try await setCustomField(request, key: try pageKey(context)) }
        }
        router.post("/items/:key/fields/delete") { request, context in
            try await page { try await removeCustomField(request, key: try pageKey(context)) }
        }
        router.post("/items/:key/archive") { request, context in
            try await page { try await archiveItem(request, key: try pageKey(context)) }
        }
        router.post("/items/:key/unarchive") { request, context in
            try await page { try await unarchiveItem(request, key: try pageKey(context)) }
        }
        router.post("/items/:key/photos") { request, context in
            try await page { try await addPhotos(request, key: try pageKey(context)) }
        }
        router.post("/items/:key/photos/:number/delete") { request, context in
            try await page { try await removeNumberedPhoto(request, key: try pageKey(context), number: context.parameters.get("number") ?? "") }
        }
        router.post("/items/:key/photo/delete") { request, context in
            try await page { try await removePhoto(request, key: try pageKey(context)) }
        }
    }

    /// The pages of a store, what a server hands to its router builder
    /// (`buildApplication(_:pages:)` in HomepwnerWeb): their routes (``addRoutes(to:)``), the
    /// forms that upload (a photo, an attachment, a CSV file, an inventory's zip) and the
    /// inventory, whose work grows with the data.
    public static let routes = PageRoutes<ItemStore>(
        uploads: ["/items/{key}/photo", "/items/{key}/photos", "/items/{key}/attachments", "/import", "/import-everything"], heavyReads: ["/", "/labels", "/locations", "/location"]
    ) { store, configuration in
        try HomepwnerPages(store: store, publicURL: configuration.publicURL)
    }

    /// The command that repairs the archive in `storage`: `--storage` naming the folder or the
    /// bucket (with `--s3-path-style` when the bucket is addressed so).
    static func repairCommand(for storage: Storage) -> String {
        (["homepwner", "check", "--repair"] + storage.location.arguments.map(shellQuoted)).joined(separator: " ")
    }

    /// `text` as one word of a POSIX shell (single-quoted unless it is plainly safe).
    static func shellQuoted(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/._-+:@".unicodeScalars.contains($0)) }
        if safe, !text.isEmpty { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
