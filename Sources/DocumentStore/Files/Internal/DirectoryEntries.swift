import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a folder's entry names with `opendir`/`readdir`: no `stat` per entry, no URLs, which is
/// what makes listing 100,000 bundles cheap.
enum DirectoryEntries {
    /// The names in the folder at `path`, without "." and "..", in the order the system gives.
    ///
    /// - Throws: ``DocumentStoreError`` if the folder cannot be opened.
    static func names(in path: String) throws -> [String] {
        guard let stream = opendir(path) else {
            throw DocumentStoreError.system("cannot read the folder", path: path, errno: errno)
        }
        defer { closedir(stream) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw DocumentStoreError.system("cannot read the folder", path: path, errno: errno) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                let bytes = raw.prefix { $0 != 0 }
                return String(decoding: bytes, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            names.append(name)
        }
    }
}
