/// What an import did: each creature imported with its new id, each one skipped with the reason.
public struct ImportSummary: Sendable, Hashable {
    /// A creature that was imported.
    public struct Imported: Sendable, Hashable {
        /// Where it came from (a bundle's name or path in the source).
        public var source: String
        /// Its new id.
        public var id: Int
        /// Its title.
        public var title: String
    }

    /// A creature that was not imported.
    public struct Skipped: Sendable, Hashable {
        /// Where it came from.
        public var source: String
        /// Why it was skipped.
        public var reason: String
    }

    /// The creatures imported, in source order.
    public var imported: [Imported] = []
    /// The creatures skipped.
    public var skipped: [Skipped] = []
}
