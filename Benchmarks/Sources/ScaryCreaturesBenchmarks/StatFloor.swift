import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The least a warm `list` must do that SQLite does not: read the folder's entries and `stat`
/// each bundle's `Data.plist` (relative to the folder, not following a link), one thread, nothing
/// else. The listing summary is validated against exactly these `stat`s, so no warm listing of
/// a folder can take less; the benchmark prints it beside SQLite's select to show how far the
/// target of "within 3× of SQLite" is from what the validation itself costs.
enum StatFloor {
    /// How many data files the pass found.
    static func run(_ folder: URL) -> Int {
        let root = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0, let directory = fdopendir(dup(root)) else { return 0 }
        defer { closedir(directory); close(root) }
        var found = 0
        var status = stat()
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            if fstatat(root, name + "/Data.plist", &status, AT_SYMLINK_NOFOLLOW) == 0 { found += 1 }
        }
        return found
    }
}
