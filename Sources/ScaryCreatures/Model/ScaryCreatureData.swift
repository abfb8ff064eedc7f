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
    ///   `Version`, which reads as 1) and as we write them (`Version` 1).
    ///
    /// No step yet: every older document is already version 1. Data of a newer version is read
    /// (its keys kept) and every change to its creature is refused.
    public static let modelVersions = ModelVersions<ScaryCreatureData>(program: "scary-creatures", steps: [])

    /// The model version this data was read at: its `Version` (1 when there is none); the current
    /// version for data made here.
    public internal(set) var modelVersion = ScaryCreatureData.modelVersions.current

    /// The creature's name.
    public var title: String { didSet { replaceKept("Title") } }
    /// Its rating, 0 to 5 in steps of 0.5.
    public var rating: Float { didSet { replaceKept("Rating") } }
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
    static let knownKeys = ["Title", "Rating", "Version"]

    /// Writes `Title` (an `NSString`), `Rating` (an `NSNumber` holding a float, as the 2018 app's
    /// `NSNumber(value: rating)`), and the kept keys as they were (a kept `Title` or `Rating` in
    /// place of the value written first).
    public func encode(with coder: inout ArchiveEncoder) {
        coder.encode(title, forKey: "Title")
        coder.encodeObject(rating, forKey: "Rating")
        coder.encode(otherFields)
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
        otherFields = try coder.decodeFields(except: Self.knownKeys.filter { !otherType.contains($0) })
        modelVersion = max(coder.version ?? 1, 1)
    }
}

/// The same data under the 2010 app's class name, for rewriting a 2010 folder so the old app
/// still opens it: class `ScaryBugData`, `Rating` an inline float (`encodeFloat:forKey:`).
struct ScaryBugData: Archivable {
    static let archiveClassName = "ScaryBugData"
    static let acceptedClassNames: Set<String> = ["ScaryCreatures.ScaryCreatureData", "ScaryCreatureData"]
    static var archiveVersion: Int? { 1 }

    var data: ScaryCreatureData

    init(_ data: ScaryCreatureData) {
        self.data = data
    }

    func encode(with coder: inout ArchiveEncoder) {
        coder.encode(data.title, forKey: "Title")
        coder.encode(data.rating, forKey: "Rating")
        coder.encode(data.otherFields)
    }

    init(from coder: ArchiveDecoder) throws {
        data = try ScaryCreatureData(from: coder)
    }
}
