import Foundation

/// An executable of this package that the build left beside the tests (`homepwner`, `plist`,
/// `document-store-stress`…): looked for next to the running test binary and up to three
/// folders above it, then in `.build/debug`.
///
/// - Throws: ``MissingExecutable`` naming where it looked.
public func builtExecutable(_ name: String, file: String = #filePath) throws -> URL {
    var candidates: [URL] = []
    let selfPath = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var folder = URL(fileURLWithPath: selfPath).deletingLastPathComponent()
    for _ in 0..<4 {
        candidates.append(folder.appendingPathComponent(name))
        folder = folder.deletingLastPathComponent()
    }
    candidates.append(projectRoot(file: file).appendingPathComponent(".build/debug/\(name)"))
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        throw MissingExecutable(name: name, searched: candidates.map(\.path))
    }
    return found
}

/// The executable a test needs was not built.
public struct MissingExecutable: Error, CustomStringConvertible {
    /// Its name.
    public let name: String
    /// Where it was looked for.
    public let searched: [String]

    /// What is missing and where it was looked for.
    public var description: String { "\(name) is not built (looked in \(searched.joined(separator: ", ")))" }
}
