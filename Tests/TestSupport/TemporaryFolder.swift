import Foundation

/// A fresh folder under the system's temporary directory, named for the test module and removed
/// when `body` returns.
public func withTemporaryFolder<Result>(
    _ body: (URL) async throws -> Result, file: String = #fileID
) async throws -> Result {
    let folder = try makeTemporaryFolder(file: file)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// A fresh folder for a synchronous test, removed when `body` returns.
public func withTemporaryFolderSync<Result>(_ body: (URL) throws -> Result, file: String = #fileID) throws -> Result {
    let folder = try makeTemporaryFolder(file: file)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

/// A fresh folder named `<module>-<UUID>` (the module of `file`, a `#fileID`), for a test that
/// removes it itself (with `defer`); ``withTemporaryFolder(_:file:)`` removes it for you.
public func makeTemporaryFolder(file: String = #fileID) throws -> URL {
    let module = file.split(separator: "/").first.map(String.init) ?? "Tests"
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(module)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
