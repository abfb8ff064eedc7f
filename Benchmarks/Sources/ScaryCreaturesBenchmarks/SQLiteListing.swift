import CSQLite
import DocumentStoreSamples
import Foundation

/// The same creatures as rows of SQLite, the store people would pick instead of a folder of
/// bundles: `creatures(id INTEGER PRIMARY KEY, title TEXT, rating REAL)`.
enum SQLiteListing {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Builds (once) the database of the `count` sample creatures the listing folder holds,
    /// with the same ids.
    static func database(count: Int, in work: URL) throws -> URL {
        let url = work.appendingPathComponent("\(count)-creatures.sqlite")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let building = work.appendingPathComponent("\(count)-creatures.sqlite.building")
        try? FileManager.default.removeItem(at: building)
        var database: OpaquePointer?
        guard sqlite3_open(building.path, &database) == SQLITE_OK else { throw Failure(description: "cannot create \(building.path)") }
        defer { sqlite3_close(database) }
        func execute(_ sql: String) throws {
            guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else {
                throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(database)))")
            }
        }
        try execute("CREATE TABLE creatures (id INTEGER PRIMARY KEY, title TEXT NOT NULL, rating REAL NOT NULL)")
        try execute("BEGIN")
        var insert: OpaquePointer?
        guard sqlite3_prepare_v2(database, "INSERT INTO creatures (id, title, rating) VALUES (?1, ?2, ?3)", -1, &insert, nil) == SQLITE_OK else {
            throw Failure(description: "cannot prepare the insert")
        }
        defer { sqlite3_finalize(insert) }
        for (index, creature) in SampleCreature.sample(count: count).enumerated() {
            sqlite3_bind_int64(insert, 1, Int64(index + 1))
            sqlite3_bind_text(insert, 2, creature.title, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            sqlite3_bind_double(insert, 3, Double(creature.rating))
            guard sqlite3_step(insert) == SQLITE_DONE else { throw Failure(description: "insert failed") }
            sqlite3_reset(insert)
        }
        try execute("COMMIT")
        try FileManager.default.moveItem(at: building, to: url)
        return url
    }

    /// `SELECT id, title, rating FROM creatures ORDER BY id`, every row made into a line as
    /// `list` prints it (number, stars, title); the lines.
    static func select(_ url: URL) throws -> String {
        var database: OpaquePointer?
        guard sqlite3_open_v2(url.path, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { throw Failure(description: "cannot open \(url.path)") }
        defer { sqlite3_close(database) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, "SELECT id, title, rating FROM creatures ORDER BY id", -1, &statement, nil) == SQLITE_OK else {
            throw Failure(description: "cannot prepare the select")
        }
        defer { sqlite3_finalize(statement) }
        var text = ""
        while sqlite3_step(statement) == SQLITE_ROW {
            let id = sqlite3_column_int64(statement, 0)
            let title = sqlite3_column_text(statement, 1).map { String(cString: $0) } ?? ""
            let halves = Int(sqlite3_column_double(statement, 2) * 2)
            text += "\(id)  \(String(repeating: "★", count: halves / 2))\(halves % 2 == 1 ? "½" : "")  \(title)\n"
        }
        return text
    }
}
