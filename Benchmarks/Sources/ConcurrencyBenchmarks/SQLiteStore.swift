import CSQLite
import Foundation

/// The store people would pick instead: SQLite in WAL mode with `synchronous=FULL` (every commit
/// is on disk before it returns), one row per creature. One connection per writer thread.
final class SQLiteStore {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private var database: OpaquePointer?
    private var update: OpaquePointer?

    /// Opens (creating) the database at `path`.
    init(path: String) throws {
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            throw Failure(description: "cannot open \(path)")
        }
        sqlite3_busy_timeout(database, 60_000)
        try execute("PRAGMA journal_mode=WAL")
        try execute("PRAGMA synchronous=FULL")
        try execute("CREATE TABLE IF NOT EXISTS creatures (id INTEGER PRIMARY KEY, data BLOB NOT NULL)")
        guard sqlite3_prepare_v2(database, "UPDATE creatures SET data = ?1 WHERE id = ?2", -1, &update, nil) == SQLITE_OK else {
            throw Failure(description: "cannot prepare the update: \(message)")
        }
    }

    deinit {
        sqlite3_finalize(update)
        sqlite3_close_v2(database)
    }

    private var message: String { String(cString: sqlite3_errmsg(database)) }

    func execute(_ sql: String) throws {
        guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else { throw Failure(description: "\(sql): \(message)") }
    }

    /// Inserts creatures 1...count with `data`.
    func fill(count: Int, data: Data) throws {
        try execute("BEGIN")
        var insert: OpaquePointer?
        guard sqlite3_prepare_v2(database, "INSERT OR REPLACE INTO creatures (id, data) VALUES (?1, ?2)", -1, &insert, nil) == SQLITE_OK else {
            throw Failure(description: "cannot prepare the insert: \(message)")
        }
        defer { sqlite3_finalize(insert) }
        for id in 1...count {
            _ = data.withUnsafeBytes { sqlite3_bind_blob(insert, 2, $0.baseAddress, Int32($0.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self)) }
            sqlite3_bind_int64(insert, 1, Int64(id))
            guard sqlite3_step(insert) == SQLITE_DONE else { throw Failure(description: "insert: \(message)") }
            sqlite3_reset(insert)
        }
        try execute("COMMIT")
    }

    /// Durably replaces creature `id`'s row (one autocommit transaction).
    func update(_ id: Int, data: Data) throws {
        _ = data.withUnsafeBytes { sqlite3_bind_blob(update, 1, $0.baseAddress, Int32($0.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self)) }
        sqlite3_bind_int64(update, 2, Int64(id))
        defer { sqlite3_reset(update) }
        guard sqlite3_step(update) == SQLITE_DONE else { throw Failure(description: "update: \(message)") }
    }
}
