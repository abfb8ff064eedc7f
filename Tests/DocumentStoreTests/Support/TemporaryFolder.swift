import Foundation

/// A fresh folder under the system's temporary directory, removed when `body` returns.
func withTemporaryFolder<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("DocumentStoreTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// Every file under `folder` whose name marks it as a store temporary or working folder.
func leftovers(in folder: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    var found: [String] = []
    while let path = enumerator?.nextObject() as? String {
        let name = (path as NSString).lastPathComponent
        if name.contains(".tmp-") || name.hasPrefix(".new-") || name.hasPrefix(".trash-") || name.hasPrefix(".reserve-") { found.append(path) }
    }
    return found
}
