import DocumentStore
import KeyedArchive

/// A creature's small data — its title and rating — archived exactly as the 2018 app wrote it:
/// class `ScaryCreatures.ScaryCreatureData`, keys `Title` and `Rating`.
///
/// Also reads the 2010 app's `ScaryBugData` and the unqualified `ScaryCreatureData`. Keys it does
/// not know are kept in ``otherFields`` and written back, so a rewrite loses nothing another
/// version stored. Our writes add a `Version` key: the model version (``modelVersions``); data
/// of a newer version is read and never rewritten (see `docs/model-versions.md`).
public struct ScaryCreatureData: Archivable, Sendable, Hashable {
    /// The class the 2018 app archived (a module-qualified Swift class).
    public static let archiveClassName = "ScaryCreatures.ScaryCreatureData"
    /// Other names of the same data.
    public static let acceptedClassNames: Set<String> = ["ScaryCreatureData", "ScaryBugData"]
    /// The model version our writes record under `Version`: ``modelVersions``' current one.
    public static var archiveVersion: Int? { modelVersions.current }

    /// The model versions of a creature's `Data.plist` (recorded in its `Version` key) and the
    /// steps between them — the mechanism Homepwner's `items.archive` uses too:
    /// - 1: `Title` and `Rating`, as the 2010 and 2018 apps wrote them (they recorded no
    ///   `Version`, which reads as 1).
    /// - 2: a creature may record who changed it: `CreatedBy` and `UpdatedBy` (`NSString`s) and
    ///   `History` (an `NSArray` of `ChangeRecord` objects, see ``DocumentStore/ChangeRecord``),
    ///   each written only when set.
    ///
    /// Data of a newer version is read (its keys kept) and every change to its creature is refused.
    public static let modelVersions = ModelVersions<ScaryCreatureData>(program: "scary-creatures", steps: [changeHistory])

    /// 1 → 2, `changeHistory`: a creature may name the people who added it and last changed it
    /// and keep its last changes, three further keys. A version 1 creature has none of them (its
    /// history begins with its next change by a person), so nothing changes; such keys a version
    /// 1 program kept as unknown read as the names and the history (or, holding something else,
    /// stay kept as they were). The file records version 2 at its next write.
    static let changeHistory = ModelMigration<ScaryCreatureData>("changeHistory", from: 1) { _ in }

    /// The model version this data was read at: its `Version` (1 when there is none); the current
    /// version for data made here.
    public internal(set) var modelVersion = ScaryCreatureData.modelVersions.current

    /// The creature's name.
    public var title: String { didSet { replaceKept("Title") } }
    /// Its rating, 0 to 5 in steps of 0.5.
    public var rating: Float { didSet { replaceKept("Rating") } }
    /// The person who added it (`CreatedBy`); nil when it was added without an account.
    public var createdBy: String? { didSet { replaceKept("CreatedBy") } }
    /// The person of its last change (`UpdatedBy`); nil when that change was made without an account.
    public var updatedBy: String? { didSet { replaceKept("UpdatedBy") } }
    /// Its last changes, oldest first (`History`; at most ``DocumentStore/ChangeHistory/limit``);
    /// nil until a person first changes it.
    public var history: [ChangeRecord]? { didSet { replaceKept("History") } }
    /// Keys this version does not know, kept exactly as archived (the objects they reach, their
    /// classes, number widths, sharing and cycles) to be written back unchanged. Keeping them
    /// costs what their archived objects cost; nothing is expanded. A `Title` or `Rating` that
    /// held a well-formed value of another type is kept here too, until that field is set.
    public var otherFields: ArchivedFields

    /// Creates data without checking the rules (see ``CreatureRules``).
    public init(title: String, rating: Float, otherFields: ArchivedFields = ArchivedFields()) {
        self.title = title
        self.rating = rating
        self.otherFields = otherFields
    }

    /// Setting a field whose archived value had another type replaces that kept value.
    private mutating func replaceKept(_ key: String) {
        guard !otherFields.isEmpty else { return }
        otherFields = otherFields.removing(key)
    }

    /// The keys this model reads itself.
    static let knownKeys = ["Title", "Rating", "Version", "CreatedBy", "UpdatedBy", "History"]

    /// Writes `Title` (an `NSString`), `Rating` (an `NSNumber` holding a float, as the 2018 app's
    /// `NSNumber(value: rating)`), `CreatedBy`, `UpdatedBy` and `History` when set, and the kept
    /// keys as they were (a kept known key in place of the value written first).
    public func encode(with coder: inout ArchiveEncoder) {
        coder.encode(title, forKey: "Title")
        coder.encodeObject(rating, forKey: "Rating")
        encodeHistory(with: &coder)
        coder.encode(otherFields)
    }

    /// Writes `CreatedBy`, `UpdatedBy` and `History`, each when set.
    fileprivate func encodeHistory(with coder: inout ArchiveEncoder) {
        if let createdBy { coder.encode(createdBy, forKey: "CreatedBy") }
        if let updatedBy { coder.encode(updatedBy, forKey: "UpdatedBy") }
        if let history { coder.encode(history, forKey: "History") }
    }

    /// Reads `Title` and `Rating` (an inline float or an `NSNumber`); missing ones default to an
    /// empty title and 0; every other key is kept.
    ///
    /// Total: a `Title` that is not a string reads as an empty title and a `Rating` that is not a
    /// number as NaN, so the creature is still listed, with the problem (see
    /// ``CreatureRules/problems(title:rating:)``), and `rename` or `rate` can fix it. The value of
    /// the other type is kept in ``otherFields`` and written back as it was until then.
    public init(from coder: ArchiveDecoder) throws {
        // A well-formed value of another type reads as no title or a NaN rating (listed as a
        // problem); damage to the file's structure is damage to the bundle, never a field to
        // drop on the next save.
        var otherType: [String] = []
        do {
            title = try coder.decode(String.self, forKey: "Title") ?? ""
        } catch let error as ArchiveError where error.isStructural {
            throw error
        } catch {
            title = ""
            otherType.append("Title")
        }
        do {
            rating = try coder.decode(Float.self, forKey: "Rating") ?? 0
        } catch let error as ArchiveError where error.isStructural {
            throw error
        } catch {
            rating = .nan
            otherType.append("Rating")
        }
        createdBy = try coder.decodeTotally(String.self, forKey: "CreatedBy", unreadable: &otherType)
        updatedBy = try coder.decodeTotally(String.self, forKey: "UpdatedBy", unreadable: &otherType)
        history = try coder.decodeTotally([ChangeRecord].self, forKey: "History", unreadable: &otherType)
        otherFields = try coder.decodeFields(except: Self.knownKeys.filter { !otherType.contains($0) })
        modelVersion = max(coder.version ?? 1, 1)
    }
}

/// The same data under the 2010 app's class name, for rewriting a 2010 folder so the old app
/// still opens it: class `ScaryBugData`, `Rating` an inline float (`encodeFloat:forKey:`).
struct ScaryBugData: Archivable {
    static let archiveClassName = "ScaryBugData"
    static let acceptedClassNames: Set<String> = ["ScaryCreatures.ScaryCreatureData", "ScaryCreatureData"]
    static var archiveVersion: Int? { ScaryCreatureData.modelVersions.current }

    var data: ScaryCreatureData

    init(_ data: ScaryCreatureData) {
        self.data = data
    }

    func encode(with coder: inout ArchiveEncoder) {
        coder.encode(data.title, forKey: "Title")
        coder.encode(data.rating, forKey: "Rating")
        data.encodeHistory(with: &coder)
        coder.encode(data.otherFields)
    }

    init(from coder: ArchiveDecoder) throws {
        data = try ScaryCreatureData(from: coder)
    }
}
