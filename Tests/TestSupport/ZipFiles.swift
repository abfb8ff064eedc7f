import DocumentStore
import Foundation

/// Writes a zip of `(path, bytes, deflate)` entries to `url`, for tests of imports (both apps').
public func writeZip(_ entries: [(String, Data, Bool)], to url: URL) throws {
    let zip = try ZipBuilder()
    for (path, data, deflate) in entries { try zip.add(path, data, compress: deflate) }
    try zip.finishedData().write(to: url)
}
