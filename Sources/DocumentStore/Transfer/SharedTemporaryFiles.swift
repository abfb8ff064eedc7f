import BackgroundWork
import Foundation

/// Temporary files made once per key and shared by every reader that asks for the same key
/// while one is still read: a download of a whole inventory, asked for by many slow clients at
/// once, costs one file on disk, not one per client.
///
/// A file is made by the caller's `make` into a fresh folder of `parent` (the system's temporary
/// folder), opened, and removed at once: it lives on, unnamed, for as long as a reader holds it
/// (``SharedTemporaryFile``, and any chunk sequence of it) and is gone when the last one ends or
/// is dropped — whatever happens to the process, nothing is left behind once it exits. Readers
/// that ask while a file is being made wait for it instead of making another.
///
/// The key says what the file holds: the caller makes one that changes whenever what would be
/// written does (a version of the data), so a reader never gets a file older than the data it
/// asked at. At most ``limit`` files (being made, or held by a reader) exist at once; a new key
/// beyond that is refused with ``SharedTemporaryFilesFull``.
public actor SharedTemporaryFiles<Key: Hashable & Sendable, Kind: Sendable> {
    /// How many files may exist at once.
    public nonisolated let limit: Int
    /// What the files are, for messages and folder names ("export").
    public nonisolated let name: String
    /// How many seconds a refused caller is told to wait.
    public nonisolated let retryAfterSeconds: Int
    private let parent: URL
    private let pool: BlockingPool

    /// A file of a key: being made (the task every reader of the key waits for), or made (held
    /// weakly: it is the readers' references that keep it).
    private enum Entry {
        case making(id: Int, Task<SharedTemporaryFile<Kind>, any Error>)
        case made(WeakFile)
    }

    private struct WeakFile {
        weak var file: SharedTemporaryFile<Kind>?
    }

    private var entries: [Key: Entry] = [:]
    private var nextID = 0

    /// A set of at most `limit` files named after `name`, made in folders of `parent`, with the
    /// blocking work (opening, removing) on `pool`.
    public init(
        _ name: String, limit: Int, retryAfterSeconds: Int = 5, parent: URL = FileManager.default.temporaryDirectory, pool: BlockingPool = .shared
    ) {
        self.name = name
        self.limit = max(1, limit)
        self.retryAfterSeconds = max(0, retryAfterSeconds)
        self.parent = parent
        self.pool = pool
    }

    /// How many files exist now: being made, or held by a reader.
    public var count: Int {
        entries.values.reduce(0) { count, entry in
            switch entry {
            case .making: count + 1
            case .made(let weak): weak.file == nil ? count : count + 1
            }
        }
    }

    /// The file of `key`: the one being made or read for it now, or a new one written by `make`
    /// at the URL it is given (in a folder of its own; what `make` returns is the file's kind).
    ///
    /// `make` runs in a task of its own, so a reader that goes away does not stop it for the
    /// others waiting; a failure reaches every reader that waited for it, and the next one
    /// tries again.
    /// - Throws: ``SharedTemporaryFilesFull`` when `key` has no file and ``limit`` exist
    ///   already; what `make` throws; ``DocumentStoreError`` when the file made cannot be
    ///   opened.
    public func file(for key: Key, make: @escaping @Sendable (URL) async throws -> Kind) async throws -> SharedTemporaryFile<Kind> {
        if case .made(let weak) = entries[key], let file = weak.file { return file }
        let id: Int, task: Task<SharedTemporaryFile<Kind>, any Error>
        if case .making(let making, let running) = entries[key] {
            (id, task) = (making, running)
        } else {
            // Files no reader holds any more are gone: their places are free.
            entries = entries.filter { _, entry in
                if case .made(let weak) = entry { return weak.file != nil }
                return true
            }
            guard entries.count < limit else {
                throw SharedTemporaryFilesFull(limit: limit, name: name, retryAfterSeconds: retryAfterSeconds)
            }
            nextID += 1
            id = nextID
            let (parent, name, pool) = (parent, name, pool)
            task = Background.task { try await Self.make(name, in: parent, pool: pool, make) }
            entries[key] = .making(id: id, task)
        }
        do {
            let file = try await task.value
            if case .making(let current, _) = entries[key], current == id { entries[key] = .made(WeakFile(file: file)) }
            return file
        } catch {
            if case .making(let current, _) = entries[key], current == id { entries[key] = nil }
            throw error
        }
    }

    /// Makes one file with `make` in a new folder of `parent`, opens it and removes the folder.
    private static func make(
        _ name: String, in parent: URL, pool: BlockingPool, _ make: @Sendable (URL) async throws -> Kind
    ) async throws -> SharedTemporaryFile<Kind> {
        let folder = parent.appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
        let url = folder.appendingPathComponent(name, isDirectory: false)
        try await pool.run {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            } catch {
                throw DocumentStoreError(.io, "a temporary folder for the \(name) cannot be made in \(parent.path): \(error.localizedDescription)", path: folder.path)
            }
        }
        do {
            let kind = try await make(url)
            let file = try await pool.run { () throws -> OpenAttachment in
                defer { try? FileManager.default.removeItem(at: folder) }
                guard let file = try OpenAttachment.openRegularFile(at: url) else {
                    throw DocumentStoreError(.io, "the \(name) was made but is not there to be opened", path: url.path)
                }
                return file
            }
            return SharedTemporaryFile(kind: kind, file: file, pool: pool)
        } catch {
            try? await pool.run { try? FileManager.default.removeItem(at: folder) }
            throw error
        }
    }
}
