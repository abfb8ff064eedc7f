/// The Swift `NSSecureCoding`: a struct or class that archives itself by key.
///
/// A conforming type names the class it writes (``archiveClassName``) and the names it also
/// accepts when reading (``acceptedClassNames``), encodes its fields in
/// ``encode(with:)`` and decodes them in ``init(from:)`` with typed lookups:
///
/// ```swift
/// struct ScaryCreatureData: Archivable {
///     static let archiveClassName = "ScaryCreatures.ScaryCreatureData"
///     static let acceptedClassNames: Set<String> = ["ScaryCreatureData", "ScaryBugData"]
///     var title: String
///     var rating: Float
///     func encode(with coder: inout ArchiveEncoder) {
///         coder.encode(title, forKey: "Title")
///         coder.encode(rating, forKey: "Rating")
///     }
///     init(from coder: ArchiveDecoder) throws {
///         title = try coder.decode(String.self, forKey: "Title") ?? ""
///         rating = try coder.decode(Float.self, forKey: "Rating") ?? 0
///     }
/// }
/// ```
///
/// Class instances encoded twice are written once; on decode, one UID yields one instance.
public protocol Archivable: ArchiveEncodable, ArchiveDecodable {
    /// The class name written to `$classname`, e.g. `"ScaryCreatures.ScaryCreatureData"`.
    static var archiveClassName: String { get }
    /// Further class names accepted on decode (the written name is always accepted).
    static var acceptedClassNames: Set<String> { get }
    /// The superclass chain written after the class name in `$classes`; `["NSObject"]` by default.
    static var archiveSuperclassNames: [String] { get }
    /// A format version written under ``archiveVersionKey`` when not nil; nil by default.
    static var archiveVersion: Int? { get }
    /// The key the version is stored under; `"Version"` by default.
    static var archiveVersionKey: String { get }

    /// Writes the fields by key.
    func encode(with coder: inout ArchiveEncoder)
    /// Reads the fields by key. A missing key decodes as nil, so give it a default.
    init(from coder: ArchiveDecoder) throws
}

extension Archivable {
    /// No further names by default.
    public static var acceptedClassNames: Set<String> { [] }
    /// `["NSObject"]`, as for any `NSObject` subclass.
    public static var archiveSuperclassNames: [String] { ["NSObject"] }
    /// No version by default.
    public static var archiveVersion: Int? { nil }
    /// `"Version"`.
    public static var archiveVersionKey: String { "Version" }

    /// Whether `name` is the written class name or one of the accepted ones.
    public static func accepts(className name: String) -> Bool {
        name == archiveClassName || acceptedClassNames.contains(name)
    }

    /// Writes the object dictionary; a class instance already written is referenced again.
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        archiver.encodeArchivable(self)
    }

    /// Checks the class, then calls ``init(from:)``; a class instance is decoded once per UID.
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> Self {
        try unarchiver.decodeArchivable(Self.self, uid: uid)
    }
}
