/// How an ``ArchiveFileStore`` tells the model version of what it read, and the versions it
/// knows: with it the store upgrades older archives in memory, keeps an older file's bytes once
/// as `NAME.v<N>` before its first rewrite, and refuses to write over a newer one.
public struct ArchiveModelVersioning<Value>: Sendable {
    /// The versions and the steps between them.
    public let versions: ModelVersions<Value>
    /// The document's name in messages (`"items.archive"`).
    public let document: String
    private let versionOf: @Sendable (Value) -> Int

    /// Versioning by `versions`, where `versionOf` gives the model version a decoded value was
    /// read at (the store's `decode` reads it from wherever the app records it; 1 when the bytes
    /// record none).
    public init(_ versions: ModelVersions<Value>, document: String, versionOf: @escaping @Sendable (Value) -> Int) {
        self.versions = versions
        self.document = document
        self.versionOf = versionOf
    }

    /// The model version `value` was read at.
    public func version(of value: Value) -> Int {
        versionOf(value)
    }
}
