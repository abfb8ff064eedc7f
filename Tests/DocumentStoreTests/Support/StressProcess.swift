import Foundation
import Testing
import TestSupport

/// A running `document-store-stress` child whose acknowledged lines can be read after it ends.
final class StressProcess {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()

    /// Starts the child with `arguments`.
    init(_ arguments: [String]) throws {
        process.executableURL = try builtExecutable("document-store-stress")
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
