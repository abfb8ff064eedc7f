/// One step of a model's history: what changes in a document's value from model version
/// ``from`` to ``to`` (= `from + 1`).
///
/// A step is small and named, so its test can say what it protects ("1 → 2 itemDetails") and run
/// it on a fixture of version ``from``. Its body transforms the value in memory only; the document
/// is rewritten later, by the first change made to it (see ``ModelVersions``).
public struct ModelMigration<Value>: Sendable {
    /// A short name for messages and tests, e.g. `"itemDetails"`.
    public let name: String
    /// The version this step reads.
    public let from: Int
    private let body: @Sendable (inout Value) throws -> Void

    /// A step from version `from` to `from + 1`.
    ///
    /// - Parameter body: changes a value read at version `from` into the value of version
    ///   `from + 1`; it may throw when the value cannot be carried over (the document then stays
    ///   as it is and the change that wanted to write it fails).
    public init(_ name: String, from: Int, _ body: @escaping @Sendable (inout Value) throws -> Void) {
        self.name = name
        self.from = from
        self.body = body
    }

    /// The version this step writes: ``from`` + 1.
    public var to: Int { from + 1 }

    /// Applies the step to `value`.
    ///
    /// - Throws: what the step's body throws.
    public func apply(to value: inout Value) throws {
        try body(&value)
    }
}
