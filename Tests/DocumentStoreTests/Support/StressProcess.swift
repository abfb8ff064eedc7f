import Foundation
import Testing

/// The `document-store-stress` child built beside the tests.
func stressExecutable() throws -> URL {
    var candidates: [URL] = []
    let selfPath = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var folder = URL(fileURLWithPath: selfPath).deletingLastPathComponent()
    for _ in 0..<4 {
        candidates.append(folder.appendingPathComponent("document-store-stress"))
        folder = folder.deletingLastPathComponent()
    }
    let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(packageRoot.appendingPathComponent(".build/debug/document-store-stress"))
    return try #require(
        candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
        "document-store-stress is not built (looked in \(candidates.map(\.path)))"
    )
}

/// A running `document-store-stress` child whose acknowledged lines can be read after it ends.
final class StressProcess {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()

    /// Starts the child with `arguments`.
    init(_ arguments: [String]) throws {
        process.executableURL = try stressExecutable()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Sends SIGKILL.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the child to end and returns its complete output lines and its stderr.
    func finish() -> (lines: [String], stderr: String, status: Int32, killed: Bool) {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var text = String(decoding: data, as: UTF8.self)
        if !text.hasSuffix("\n"), let lastNewline = text.lastIndex(of: "\n") {
            text = String(text[...lastNewline])
        } else if !text.hasSuffix("\n") {
            text = ""
        }
        let lines = text.split(separator: "\n").map(String.init)
        return (lines, stderr, process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }
}
