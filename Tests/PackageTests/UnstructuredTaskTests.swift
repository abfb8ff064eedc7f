import Foundation
import Testing

@Suite("The toolkit's unstructured tasks keep their creator's executor", .timeLimit(.minutes(4)))
struct UnstructuredTaskTests {
    /// The files whose bare tasks belong to a process, not to a server under test: a command's
    /// signal handling and a server process's graceful stop.
    private let processLevel: Set = ["Sources/CommandLineSupport/CommandLineTool.swift", "Sources/ServeCommandSupport/GracefulStop.swift"]

    @Test("every unstructured task under Sources/ starts with Background.task: a bare Task {} or Task.detached drops an executor preference, and a test server's request waited behind the whole suite on Swift's pool")
    func everyTaskKeepsItsPlace() async throws {
        let manifest = try await PackageManifest.load()
        let sources = manifest.root.appendingPathComponent("Sources")
        let files = try swiftFiles(in: sources)
        #expect(files.count > 300, "read only \(files.count) Swift files")
        let bare = try Regex(#"(^|[^.\w])Task(\.detached)?\s*(\{|\()"#)
        var found: [String] = []
        for file in files {
            let place = String(file.path.dropFirst(manifest.root.path.count + 1))
            guard !place.hasPrefix("Sources/BackgroundWork/"), !processLevel.contains(place) else { continue }
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                let code = String(line).trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), code.contains(bare) else { continue }
                found.append("\(place):\(index + 1): \(code)")
            }
        }
        #expect(found == [], "\(found.joined(separator: "\n"))")
    }
}
