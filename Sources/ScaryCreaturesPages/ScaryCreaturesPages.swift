import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import ScaryCreatures
import WebSupport

/// The Scary Creatures pages a person uses: the list (`GET /`), a creature
/// (`GET /creatures/{id}`), and the plain forms that work without JavaScript (add, rename, rate,
/// photo, delete, import).
///
/// Every post, refused or not, ends on a redirect (303) to the page that shows the result, a
/// refusal, the title as typed or an import's results carried there (Post/Redirect/Get,
/// ``WebSupport/FormCarrier``), so a reload never sends a form again. The scripts enhance these
/// pages through the JSON API under `/api/creatures`; these routes never need them.
public struct ScaryCreaturesPages: AppPages {
    let database: ScaryCreatureDatabase
    /// The pages' templates and files.
    public let resources: PageResources
    /// The largest photo, as Imaging enforces it.
    let maxPhotoBytes = ImageLimits().maxEncodedBytes
    /// What a plain form's post carries to the page its redirect shows.
    let carrier = FormCarrier<CarriedPage>(appName: "scary-creatures")

    /// Loads the templates and files of the pages for `database`.
    ///
    /// - Throws: when the package's resources are missing or a template does not parse.
    public init(database: ScaryCreatureDatabase) throws {
        self.database = database
        self.resources = try PageResources(bundle: .module, site: SiteIdentity(name: "Scary Creatures", stylesheet: "app.css", startPage: "list"))
    }

    /// The pages of a database, what a server hands to its router builder
    /// (`buildApplication(_:pages:)` in ScaryCreaturesWeb): their routes (``addRoutes(to:)``),
    /// the forms that upload (a photo, zips to import) and the list, whose work grows with the
    /// data.
    public static let routes = PageRoutes<ScaryCreatureDatabase>(
        uploads: ["/creatures/{id}/photo", "/imports"], heavyReads: ["/"]
    ) { database, _ in
        try ScaryCreaturesPages(database: database)
    }

    /// Adds the pages, the forms, `/assets/…` (the pages' own files) and WebSupport's shared
    /// `/assets/common/…` to `router`.
    public func addRoutes(to router: Router<BasicRequestContext>) {
        resources.assets.addRoutes(to: router, prefix: "/assets")
        resources.commonAssets.addRoutes(to: router, prefix: CommonAssets.prefix)
        router.get("/") { request, _ in
            let carried = await carrier.take(for: request)
            return try await listPage(CreatureListQuery(query: request.uri.query), addTitle: carried?.addTitle ?? "", addError: carried?.refusal)
        }
        router.get("/creatures/:id") { request, context in
            try await page { try await detailPage(id: try pageID(context), formError: await carrier.take(for: request)?.refusal) }
        }
        router.get("/creatures/:id/delete") { _, context in
            try await page { try await confirmDeletePage(id: try pageID(context)) }
        }
        router.get("/imports") { request, _ in
            guard case .imported(let model)? = await carrier.take(for: request) else { return redirect(to: "/") }
            return try await html(resources.render(model, template: "imported"))
        }
        router.post("/creatures") { request, _ in try await add(request) }
        router.post("/creatures/:id") { request, context in try await edit(request, id: try pageID(context)) }
        router.post("/creatures/:id/delete") { request, context in try await delete(request, id: try pageID(context)) }
        router.post("/creatures/:id/photo") { request, context in try await uploadPhoto(request, id: try pageID(context)) }
        router.post("/creatures/:id/photo/delete") { _, context in
            try await page {
                let id = try pageID(context)
                try await database.removeImage(id)
                return redirect(to: "/creatures/\(id)")
            }
        }
        router.post("/imports") { request, _ in try await importZips(request) }
    }

    // MARK: Pages

    func listPage(_ query: CreatureListQuery, addTitle: String = "", addError: String? = nil) async throws -> Response {
        let (creatures, problems) = try await database.list(waitingAtMost: database.requestListingWait, fromSummary: true)
        let selected = CreatureQuery(text: query.text, order: query.sort, descending: query.descending).apply(to: creatures)
        let slice = selected[query.range(count: selected.count)]
        var rows: [ListPageModel.Row] = []
        for creature in slice {
            let rating = RatingDisplay(creature.rating)
            rows.append(.init(id: creature.id, title: creature.title, version: creature.version, photoTag: await photoTag(of: creature.id), ratingClass: rating.cssClass, ratingText: rating.text))
        }
        let noun = creatures.count == 1 ? "creature" : "creatures"
        let count = query.text.isEmpty ? "\(creatures.count) \(noun)" : "\(selected.count) of \(creatures.count) \(noun) match “\(query.text)”"
        let model = ListPageModel(
            q: query.text,
            sortOptions: query.sortMenu,
            rows: rows, countText: count, isEmpty: creatures.isEmpty, noMatches: !creatures.isEmpty && selected.isEmpty,
            pager: query.pager(count: selected.count, noun: "Creatures"),
            problems: problems.map { "\($0.name): \($0.description)" },
            addTitle: addTitle, addError: addError, maxPhotoBytes: maxPhotoBytes
        )
        return try await html(resources.render(model, template: "list"))
    }

    func detailPage(id: Int, formError: String? = nil) async throws -> Response {
        let creature = try await database.creature(id)
        let model = DetailPageModel(
            id: id, title: creature.title, version: creature.version, photoTag: await photoTag(of: id),
            rating: RatingDisplay(creature.rating), ratingOptions: RatingDisplay.options(selecting: creature.rating),
            problems: creature.problems.map(\.message), maxPhotoBytes: maxPhotoBytes,
            maxPhotoText: "\(maxPhotoBytes / 1_000_000) MB", formError: formError,
            history: HistoryModel(records: creature.data.history, createdBy: creature.data.createdBy, updatedBy: creature.data.updatedBy) { $0 }
        )
        return try await html(resources.render(model, template: "detail"))
    }

    // MARK: Forms

    func add(_ request: Request) async throws -> Response {
        let form = try await Self.form(of: request)
        let title = form["title"] ?? ""
        do {
            let creature = try await database.add(title: title)
            return redirect(to: "/creatures/\(creature.id)")
        } catch let error as ScaryCreaturesError where error.code == .invalidTitle {
            return await carrier.redirect(to: "/", carrying: .add(title: String(title.prefix(200)), refusal: Self.sentence(error.message)), request: request)
        }
    }

    func edit(_ request: Request, id: Int) async throws -> Response {
        let form = try await Self.form(of: request)
        return try await page {
            do {
                let rating = try form["rating"].map { Double(try CreatureRules.rating(parsing: $0)) }
                guard form["title"] != nil || rating != nil else {
                    return await refused(request, id: id, "Give a title or a rating.")
                }
                _ = try await database.update(id, title: form["title"], rating: rating)
                return redirect(to: "/creatures/\(id)")
            } catch let error as ScaryCreaturesError where [.invalidTitle, .invalidRating, .newerModel].contains(error.code) {
                return await refused(request, id: id, Self.sentence(error.message))
            }
        }
    }

    /// A plain-form delete: first the page that asks (there is no undo without JavaScript,
    /// `GET /creatures/{id}/delete`), then, with `confirm=yes`, the delete and the list. The
    /// scripts delete through the API instead.
    func delete(_ request: Request, id: Int) async throws -> Response {
        let form = try await Self.form(of: request)
        return try await page {
            guard form["confirm"] == "yes" else {
                _ = try await database.creature(id)
                return redirect(to: "/creatures/\(id)/delete")
            }
            do {
                try await database.delete(id)
            } catch let error as ScaryCreaturesError where error.code == .newerModel {
                return await refused(request, id: id, Self.sentence(error.message))
            }
            return redirect(to: "/")
        }
    }

    /// `GET /creatures/{id}/delete`: the question before a plain-form delete.
    func confirmDeletePage(id: Int) async throws -> Response {
        let creature = try await database.creature(id)
        return try await confirmDeletePage(
            label: creature.title, path: "/creatures/\(id)", consequence: "The creature, its rating and its photo are deleted for good."
        )
    }

    /// The creature's page, by way of a redirect, showing `message`.
    private func refused(_ request: Request, id: Int, _ message: String) async -> Response {
        await carrier.redirect(to: "/creatures/\(id)", carrying: .refusal(message), request: request)
    }

    func uploadPhoto(_ request: Request, id: Int) async throws -> Response {
        try await page {
            do {
                let form = try await Self.multipart(of: request, limit: maxPhotoBytes + 1_000_000)
                guard let photo = form.parts(named: "photo").first, !photo.data.isEmpty else {
                    return await refused(request, id: id, "Choose a photo first.")
                }
                try await database.setImage(id, photo.data)
                return redirect(to: "/creatures/\(id)")
            } catch let error as ScaryCreaturesError where error.code == .invalidImage || error.code == .newerModel {
                return await refused(request, id: id, Self.sentence(error.message))
            } catch let error as MultipartForm.Failure {
                return await refused(request, id: id, Self.sentence(error.description))
            }
        }
    }

    func importZips(_ request: Request) async throws -> Response {
        var model = ImportPageModel(imported: [], skipped: [], error: nil)
        do {
            let form = try await Self.multipart(of: request, limit: maxPhotoBytes + 1_000_000)
            let files = form.parts(named: "zips").filter { !$0.data.isEmpty }
            if files.isEmpty { model.error = "Choose one or more exported .zip files first." }
            for file in files {
                let name = file.filename.map { $0.isEmpty ? "the file" : $0 } ?? "the file"
                do {
                    let summary = try await database.importCreatures(zip: file.data, named: name)
                    model.imported += summary.imported.map { .init(text: "“\($0.title)” from \(name)", id: $0.id) }
                    model.skipped += summary.skipped.map { .init(text: "\($0.source) in \(name): \(Self.sentence($0.reason))", id: nil) }
                } catch let error as ScaryCreaturesError {
                    // The message starts with the file's name, as it was spelt.
                    model.skipped.append(.init(text: error.message.hasSuffix(".") ? error.message : error.message + ".", id: nil))
                }
            }
        } catch let error as MultipartForm.Failure {
            model.error = Self.sentence(error.description)
        }
        model.hasImported = !model.imported.isEmpty
        model.hasSkipped = !model.skipped.isEmpty
        return await carrier.redirect(to: "/imports", carrying: .imported(model), request: request)
    }
}
