import Foundation

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
