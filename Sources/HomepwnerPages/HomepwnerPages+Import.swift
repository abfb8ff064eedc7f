import Foundation
import Homepwner
import Hummingbird
import WebSupport

/// The import pages: choose a CSV file (`GET /import`), see what it would add, change and refuse
/// (`GET /import/{token}`, after `POST /import`), and confirm (`POST /import/{token}`), which
/// applies exactly what was shown; rows whose item changed meanwhile are refused then. An
/// inventory with no items can also take a full export (`POST /import-everything`, a zip).
extension HomepwnerPages {
    /// `GET /import`: the file form, and the export links.
    func importPage(formError: String?) async throws -> Response {
        let count = try await store.items().count
        let model = ImportPageModel(formError: formError, readOnly: await readOnly(), itemCount: InventoryTransferSummary.counted(count, "item"), isEmpty: count == 0)
        return html(try await resources.render(model, template: "import"))
    }

    /// `POST /import-everything` (a multipart form with `file`, a zip that Export everything
    /// made): imports it into this empty inventory and shows what came in and what was left out.
    func importEverything(_ request: Request) async throws -> Response {
        do {
            let form = try await Self.multipart(of: request, limit: 1 << 30)
            guard let file = form.parts(named: "file").first, !file.data.isEmpty else {
                return await carrier.redirect(to: "/import", carrying: .refusal("Choose the zip that Export everything made first."), request: request)
            }
            let name = file.filename.map { $0.isEmpty ? "the zip" : $0 } ?? "the zip"
            let summary = try await store.importInventory(zip: file.data, named: name)
            let model = MoveInModel(
                fileName: name,
                summary: summary.importSentence,
                skipped: summary.skipped.map { MoveInModel.Skip(name: $0.name, reason: Self.sentence($0.reason)) }
            )
            return html(try await resources.render(model, template: "import-everything"))
        } catch let error as HomepwnerError where Self.isRefusal(error) || [.tooLarge, .invalidImport, .notEmpty].contains(error.code) {
            return await carrier.redirect(to: "/import", carrying: .refusal(Self.formMessage(error)), request: request)
        } catch let error as MultipartForm.Failure {
            return await carrier.redirect(to: "/import", carrying: .refusal(Self.sentence(error.description)), request: request)
        }
    }


    /// `POST /import` (a multipart form with `file`): the plan, kept, and a redirect to its preview.
    func previewImport(_ request: Request) async throws -> Response {
        do {
            let form = try await Self.multipart(of: request, limit: CSVTable.Limits.default.maxBytes + 1_000_000)
            guard let file = form.parts(named: "file").first, !file.data.isEmpty else {
                return await carrier.redirect(to: "/import", carrying: .refusal("Choose a CSV file first."), request: request)
            }
            let plan = try await store.planImport(file.data)
            let token = await pendingImports.keep(plan, fileName: file.filename ?? "the file")
            return redirect(to: "/import/\(token)")
        } catch let error as HomepwnerError where Self.isRefusal(error) || error.code == .tooLarge {
            return await carrier.redirect(to: "/import", carrying: .refusal(Self.formMessage(error)), request: request)
        } catch let error as MultipartForm.Failure {
            return await carrier.redirect(to: "/import", carrying: .refusal(Self.sentence(error.description)), request: request)
        }
    }

    /// `GET /import/{token}`: the preview, or what the import did once it was confirmed.
    func importPreviewPage(token: String, formError: String?) async throws -> Response {
        guard let entry = await pendingImports.entry(token) else {
            let model = ImportPageModel(formError: "That preview has expired or was never made: choose the file again.", readOnly: false)
            return html(try await resources.render(model, template: "import"), status: .notFound)
        }
        let plan = entry.plan
        let refusals = entry.result?.refusals ?? plan.refusals
        let refused = Set(refusals.map(\.line))
        var rows = refusals.map { ImportPreviewModel.Row(line: $0.line, kind: "refused", label: "Refused", text: $0.text) }
        for addition in plan.additions where !refused.contains(addition.line) {
            rows.append(.init(line: addition.line, kind: "add", label: entry.result == nil ? "Add" : "Added", text: addition.item.itemName))
        }
        for change in plan.changes where !refused.contains(change.line) {
            rows.append(.init(
                line: change.line, kind: "change", label: entry.result == nil ? "Change" : "Changed",
                text: "\(change.item.itemName): \(change.columns.joined(separator: ", "))"
            ))
        }
        rows.sort { $0.line < $1.line }
        let actionable = plan.additions.count + plan.changes.count
        let writable = await damage() == nil
        let model = ImportPreviewModel(
            token: token, fileName: entry.fileName, rows: rows, done: entry.result != nil,
            summary: entry.result.map { "Imported: \($0.added.count) added, \($0.changed.count) changed, \(plan.unchangedCount) unchanged, \($0.refusals.count) refused." }
                ?? "\(plan.additions.count) to add, \(plan.changes.count) to change, \(plan.unchangedCount) unchanged, \(plan.refusals.count) refused. Nothing is changed until you import.",
            ignoredColumns: plan.ignoredColumns.isEmpty ? nil : plan.ignoredColumns.joined(separator: ", "),
            canApply: entry.result == nil && actionable > 0 && writable,
            applyLabel: actionable == 1 ? "Import 1 row" : "Import \(actionable) rows",
            formError: formError
        )
        return html(try await resources.render(model, template: "import-preview"))
    }

    /// `POST /import/{token}`: applies the previewed plan once, then shows what it did.
    func applyImport(_ request: Request, token: String) async throws -> Response {
        guard let entry = await pendingImports.entry(token) else { return redirect(to: "/import/\(token)") }
        guard entry.result == nil else { return redirect(to: "/import/\(token)") }
        do {
            let result = try await store.applyImport(entry.plan)
            await pendingImports.finish(token, with: result)
        } catch let error as HomepwnerError where Self.isRefusal(error) {
            return await carrier.redirect(to: "/import/\(token)", carrying: .refusal(Self.formMessage(error)), request: request)
        }
        return redirect(to: "/import/\(token)")
    }
}

/// What the import page shows.
struct ImportPageModel: Sendable, Encodable {
    var formError: String?
    var readOnly: Bool
    /// "3 items".
    var itemCount: String = ""
    /// Whether the inventory has no items, so a full export can be imported.
    var isEmpty: Bool = false
}

/// What the page after importing a full export shows.
struct MoveInModel: Sendable, Encodable {
    /// A file of the zip left out, and why.
    struct Skip: Sendable, Encodable {
        var name: String
        var reason: String
    }

    var fileName: String
    var summary: String
    var skipped: [Skip]
    /// Some file was left out: the table of them is shown. Stored, not computed, so that the
    /// template sees it (an `Encodable` model encodes its stored properties only).
    var hasSkipped: Bool

    /// The page for `fileName`, imported as `summary` says, with the files `skipped`.
    init(fileName: String, summary: String, skipped: [Skip]) {
        self.fileName = fileName
        self.summary = summary
        self.skipped = skipped
        self.hasSkipped = !skipped.isEmpty
    }
}

/// What the preview page shows.
struct ImportPreviewModel: Sendable, Encodable {
    /// One row of the file that does something.
    struct Row: Sendable, Encodable {
        var line: Int
        /// `add`, `change` or `refused`, for the style.
        var kind: String
        var label: String
        var text: String
    }

    var token: String
    var fileName: String
    var rows: [Row]
    var done: Bool
    var summary: String
    var ignoredColumns: String?
    var canApply: Bool
    var applyLabel: String
    var formError: String?
}
