/// The model versions of one kind of document and the steps between them — one mechanism for
/// every app: Homepwner's `items.archive` and Scary Creatures' `Data.plist` both use it.
///
/// Version 1 is the first model (a document that records no version is version 1); each
/// ``ModelMigration`` goes one version up, so the program knows versions 1 through ``current``.
/// What a program does with a document of version `v`:
/// - `v == current`: reads and writes it.
/// - `v < current` (an older document): reads it and upgrades it in memory
///   (``upgrade(_:from:)``); the document itself is rewritten — at ``current`` — only when
///   something is changed, and a store that keeps whole files first keeps the old bytes once,
///   as ``olderCopyName(of:version:)`` (`items.archive.v1`).
/// - `v > current` (written by a newer program): reads it as well as it can (unknown keys are
///   kept) and refuses every change with ``newerModelError(document:writtenBy:)``, so older code
///   never rewrites it and never drops what the newer model stored.
///
/// Where the version is recorded is the app's: the store hands this type the number it read.
public struct ModelVersions<Value>: Sendable {
    /// The program's name for messages (`"homepwner"`).
    public let program: String
    /// The steps in order: `steps[i]` goes from version `i + 1` to `i + 2`.
    public let steps: [ModelMigration<Value>]

    /// The versions of a model whose history is `steps`, for `program`.
    ///
    /// - Precondition: `steps[i].from == i + 1` (the list is written in code, in order).
    public init(program: String, steps: [ModelMigration<Value>]) {
        for (index, step) in steps.enumerated() {
            precondition(step.from == index + 1, "model migration \(step.name) starts at version \(step.from), not \(index + 1)")
        }
        self.program = program
        self.steps = steps
    }

    /// The newest version this program knows and writes.
    public var current: Int { steps.count + 1 }

    /// How a document of `version` stands against this program.
    public func status(of version: Int) -> ModelVersionStatus {
        if version > current { return .newer }
        if version < current { return .older }
        return .current
    }

    /// `value`, read at `version`, carried up to ``current`` by the steps after `version`; the
    /// value itself when `version` is current (or newer, which is never changed).
    ///
    /// - Throws: what a step throws.
    public func upgrade(_ value: Value, from version: Int) throws -> Value {
        var value = value
        for step in steps where step.from >= max(version, 1) {
            try step.apply(to: &value)
        }
        return value
    }

    /// The refusal of a change to a document of a newer `version`: `.newerModel`, naming the
    /// version that wrote it and the newest this program knows.
    public func newerModelError(document: String, writtenBy version: Int, path: String? = nil) -> DocumentStoreError {
        DocumentStoreError(
            .newerModel,
            "\(document) was written by model version \(version); this \(program) knows up to \(current) and opens it read-only",
            path: path
        )
    }

    /// Throws ``newerModelError(document:writtenBy:path:)`` when `version` is newer than ``current``.
    public func requireWritable(_ version: Int, document: String, path: String? = nil) throws {
        if version > current { throw newerModelError(document: document, writtenBy: version, path: path) }
    }

    /// The name the bytes of version `version` of the file `name` are kept under before its first
    /// rewrite at a newer version: `items.archive.v1`.
    public static func olderCopyName(of name: String, version: Int) -> String {
        "\(name).v\(version)"
    }
}

/// Where a document's model version stands against the program reading it.
public enum ModelVersionStatus: Sendable, Hashable {
    /// Older than the program's: read, upgraded in memory, rewritten at the current version
    /// by the first change.
    case older
    /// The program's own version.
    case current
    /// Written by a newer program: read-only.
    case newer
}
