import Foundation

/// A command of the project (`plist`, `scary-creatures`) as its release build made it, for the
/// benchmarks that time the whole process: `<project>/.build/release/<name>`, or the file
/// `BENCHMARK_TOOLS/<name>` when that variable names another folder.
///
/// - Returns: nil when it has not been built; the caller then says to run
///   `swift build -c release --product <name>` in the project folder.
public func projectTool(named name: String) -> URL? {
    let folder: URL
    if let tools = ProcessInfo.processInfo.environment["BENCHMARK_TOOLS"], !tools.isEmpty {
        folder = URL(fileURLWithPath: tools, isDirectory: true)
    } else {
        // This file is <project>/Benchmarks/Sources/BenchmarkSupport/ProjectTool.swift.
        var project = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { project.deleteLastPathComponent() }
        folder = project.appendingPathComponent(".build/release", isDirectory: true)
    }
    let tool = folder.appendingPathComponent(name)
    return FileManager.default.isExecutableFile(atPath: tool.path) ? tool : nil
}

/// The message for a tool ``projectTool(named:)`` did not find.
public func buildFirst(_ name: String) -> String {
    "build \(name) first: swift build -c release --product \(name) (in the project folder, above Benchmarks/)\n"
}
