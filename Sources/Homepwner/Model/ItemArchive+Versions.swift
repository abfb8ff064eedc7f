import DocumentStore
import KeyedArchive

extension ItemArchive {
    /// The `$top` key beside `root` under which `items.archive` records its model version: an
    /// `NSNumber` object, as `-[NSKeyedArchiver encodeObject:@2 forKey:@"modelVersion"]` writes
    /// it. The 2014 app's `+unarchiveObjectWithFile:` reads only `root`, so it still opens the file.
    public static let modelVersionKey = "modelVersion"

    /// The model versions of `items.archive` and the steps between them:
    /// - 1: the 2014 Homepwner's `BNRItem` with its five keys; no version recorded.
    /// - 2: items may have details (``Item/detailKeys``), each written only when set; the version
    ///   recorded in `$top`.
    /// - 3: items may have a maintenance log (``Item/maintenance``, the key `maintenance`: an
    ///   `NSArray` of `HPMaintenanceEntry` objects), written only when it has entries.
    /// - 4: items may have custom fields (``Item/customFields``, the key `customFields`: an
    ///   `NSArray` of `HPCustomField` objects) and be archived (``Item/archivedDate``, the key
    ///   `archivedDate`: an `NSDate`), each written only when set.
    /// - 5: items may record who changed them: `createdBy` and `updatedBy` (`NSString`s) and
    ///   `history` (an `NSArray` of `ChangeRecord` objects, see ``DocumentStore/ChangeRecord``),
    ///   each written only when set.
    public static let modelVersions = ModelVersions<ItemArchive>(program: "homepwner", steps: [itemDetails, maintenanceLog, customFieldsAndArchive, changeHistory])

    /// 1 → 2, `itemDetails`: an item may have details, further keys of its `BNRItem` written only
    /// when set. A version 1 item has none of them (the 2014 app wrote five keys; a homepwner
    /// from before versions were recorded may have written details already, and those read as
    /// they are), so no item changes: a detail is absent until set, and keys the model does
    /// not know stay kept as they were. What moves to version 2 is the file, at its next write.
    static let itemDetails = ModelMigration<ItemArchive>("itemDetails", from: 1) { _ in }

    /// 2 → 3, `maintenanceLog`: an item may have a maintenance log, one further key of its
    /// `BNRItem`. A version 2 item has none, so no item changes; a `maintenance` key a version 2
    /// program kept as unknown reads as the log (or, holding something else, stays kept as it
    /// was). The file moves to version 3 at its next write.
    static let maintenanceLog = ModelMigration<ItemArchive>("maintenanceLog", from: 2) { _ in }

    /// 3 → 4, `customFieldsAndArchive`: an item may have custom fields and may be archived, two
    /// further keys of its `BNRItem`. A version 3 item has neither (it is in the inventory), so
    /// no item changes; `customFields` or `archivedDate` keys a version 3 program kept as unknown
    /// read as the fields and the date (or, holding something else, stay kept as they were). The
    /// file moves to version 4 at its next write.
    static let customFieldsAndArchive = ModelMigration<ItemArchive>("customFieldsAndArchive", from: 3) { _ in }

    /// 4 → 5, `changeHistory`: an item may name the people who added it and last changed it and
    /// keep its last changes, three further keys of its `BNRItem`. A version 4 item has none of
    /// them (its history begins with its next change by a person), so no item changes; such keys
    /// a version 4 program kept as unknown read as the names and the history (or, holding
    /// something else, stay kept as they were). The file moves to version 5 at its next write.
    static let changeHistory = ModelMigration<ItemArchive>("changeHistory", from: 4) { _ in }

    /// The model version `unarchiver`'s archive records: 1 when `$top` has no `modelVersion`.
    ///
    /// - Throws: ``KeyedArchive/ArchiveError`` `.typeMismatch` when it is not a positive integer.
    static func modelVersion(in unarchiver: KeyedUnarchiver) throws -> Int {
        guard let recorded = unarchiver.top[PropertyListKey(modelVersionKey)] else { return 1 }
        guard case .uid(let uid) = recorded, case .integer(let value) = try unarchiver.object(uid), value >= 1, value <= Int64(Int32.max) else {
            throw ArchiveError(.typeMismatch, "keyed archive: $top \"\(modelVersionKey)\" is not a positive whole number, so the archive's model version is unknown")
        }
        return Int(value)
    }
}
