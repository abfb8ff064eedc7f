import DocumentStoreSamples
import Foundation

/// Builds (once) a folder of `count` creature bundles for the listing races. The bundles are
/// written with plain, non-durable writes: building 100,000 with an fsync each would take
/// minutes and is not what is measured.
public func creatureFolder(count: Int, in work: URL) throws -> URL {
    let root = work.appendingPathComponent("\(count)-creatures", isDirectory: true)
    let marker = root.appendingPathComponent(".complete")
    if FileManager.default.fileExists(atPath: marker.path) { return root }
    try? FileManager.default.removeItem(at: root)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for (index, creature) in SampleCreature.sample(count: count).enumerated() {
        let bundle = root.appendingPathComponent("\(index + 1).scarycreature", isDirectory: true)
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: false)
        try creature.archived().write(to: bundle.appendingPathComponent("Data.plist"))
    }
    try Data().write(to: marker)
    return root
}
