import Foundation
import Testing
import TestSupport

/// What a finished child process printed.
struct ChildRun {
    var status: Int32
    var output: String
    var errors: String
    var killed: Bool
}

/// A child process whose output is collected until it ends.
final class Child {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()

    /// Starts `executable arguments…` with `environment` added to ours.
    init(_ executable: URL, _ arguments: [String], environment extra: [String: String] = [:]) throws {
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Sends SIGKILL.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the end; output after the last complete line is dropped (a line cut by a kill).
    func finish() -> ChildRun {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // By bytes: "\r\n" is one Character, so a String search for "\n" would miss it.
        let complete = data.lastIndex(of: UInt8(ascii: "\n")).map { data[...$0] } ?? Data()
        let text = String(decoding: complete, as: UTF8.self)
        return ChildRun(status: process.terminationStatus, output: text, errors: stderr, killed: process.terminationReason == .uncaughtSignal)
    }
}

/// Runs `homepwner arguments…` to the end.
func homepwner(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildRun {
    try Child(try builtExecutable("homepwner"), arguments, environment: environment).finish()
}
