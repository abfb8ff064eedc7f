import DocumentStore
import Foundation

/// What an import did (``ItemStore/applyImport(_:)``).
public struct ItemImportResult: Sendable, Equatable {
    /// The items added.
    public var added: [Item]
    /// The items changed, as they are now.
    public var changed: [Item]
    /// The rows refused: the preview's, and those whose item changed or went since the preview.
    public var refusals: [ItemImportPlan.Refusal]
}

extension ItemStore {
    /// The plan for importing the CSV file `data` into this inventory (nothing is written):
    /// the preview, row by row.
    ///
    /// The file is read and planned on the store's blocking pool, not on the caller's executor
    /// (a server's event loop) nor in the store: 100,000 rows take seconds, during which the
    /// store goes on answering.
    /// - Throws: ``HomepwnerError`` `.invalidValue` for a file that cannot be read as CSV or has
    ///   no column to match rows by (``CSVTable/init(_:limits:)``,
    ///   ``ItemImportPlan/plan(_:against:now:makeKey:)``), and what ``items()`` throws.
    public func planImport(_ data: Data) async throws -> ItemImportPlan {
        let items = try await items()
        let (now, makeKey) = (self.now, self.makeKey)
        return try await pool.run {
            try ItemImportPlan.plan(try CSVTable(data), against: items, now: now, makeKey: makeKey)
        }
    }

    /// Applies `plan` in one durable write: its additions (a key taken meanwhile refuses the
    /// row), and its changes to the items still at the version the plan was made on (another
    /// change meanwhile, or a delete, refuses the row: nothing is overwritten that the preview
    /// did not show).
    ///
    /// - Throws: ``HomepwnerError`` `.damagedArchive` when the archive is damaged, `.storage`;
    ///   then nothing is imported.
    public func applyImport(_ plan: ItemImportPlan) async throws -> ItemImportResult {
        guard !plan.additions.isEmpty || !plan.changes.isEmpty else {
            return ItemImportResult(added: [], changed: [], refusals: plan.refusals)
        }
        let (person, date) = (ChangeAuthor.person, now())
        let result = try await change { archive in
            // Runs again on another server's archive when that server wrote first.
            var result = ItemImportResult(added: [], changed: [], refusals: plan.refusals)
            for change in plan.changes {
                guard let index = archive.index(ofKey: change.item.itemKey), let item = archive.entries[index].item else {
                    result.refusals.append(.init(line: change.line, item: String(change.item.itemName.prefix(80)), reason: "its item was deleted after the preview"))
                    continue
                }
                guard item.version == change.basedOn else {
                    result.refusals.append(.init(line: change.line, item: String(change.item.itemName.prefix(80)), reason: "its item was changed after the preview; import the file again to see the change"))
                    continue
                }
                var changed = change.item
                changed.recordChange(from: item, by: person, at: date)
                archive.replace(at: index, with: changed)
                result.changed.append(changed)
            }
            for addition in plan.additions {
                guard archive.index(ofKey: addition.item.itemKey) == nil else {
                    result.refusals.append(.init(line: addition.line, item: String(addition.item.itemName.prefix(80)), reason: "an item with its key was added after the preview"))
                    continue
                }
                var added = addition.item
                added.recordChange(ChangeRecord.created, by: person, at: date)
                archive.append(added)
                result.added.append(added)
            }
            result.refusals.sort { $0.line < $1.line }
            return result
        }
        for item in result.added { await publishOwn(.created, subject: item.itemKey, version: item.version) }
        for item in result.changed { await publishOwn(.updated, subject: item.itemKey, version: item.version) }
        return result
    }
}
