import DocumentStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension ImageStore {
    /// For each key with a photo, an opaque token that changes whenever the photo does
    /// (``DocumentStore/FileVersionTag`` of the file, never following a link): the pages' `?v=`
    /// for photo and thumbnail URLs, and the same value the API sends as the photo's `ETag`.
    /// Keys without a photo — or whose photo is not a regular file, or cannot be looked at —
    /// are left out. The files are looked at on the blocking pool.
    /// In a bucket the token comes from the object's ETag, all of them from one listing.
    public func photoTags(forKeys keys: [String]) async -> [String: String] {
        if let bucket {
            guard let names = try? await bucket.names() else { return [:] }
            let wanted = Set(keys)
            return names.filter { ItemRules.isValidKey($0.key) && wanted.contains($0.key) }
        }
        let urls = keys.compactMap { key in (try? url(forKey: key)).map { (key, $0) } }
        let tags = try? await pool.run {
            var tags: [String: String] = [:]
            for (key, url) in urls {
                var status = stat()
                guard lstat(url.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
                tags[key] = FileVersionTag.of(status)
            }
            return tags
        }
        return tags ?? [:]
    }
}
