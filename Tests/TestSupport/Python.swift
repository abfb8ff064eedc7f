import Foundation

/// Runs a Python script with `arguments` and `input` on its standard input (written while its
/// output is read, so neither pipe can fill and stall it, and waited for on a thread of
/// ``ChildProcess/waits``); its standard output.
/// - Throws: ``PythonFailed`` with its exit status and standard error when it does not exit 0.
public func runPython(_ script: String, arguments: [String] = [], input: Data = Data()) async throws -> Data {
    let result = await ChildProcess.offPool { Result { try runPythonBlocking(script, arguments: arguments, input: input) } }
    return try result.get()
}

private func runPythonBlocking(_ script: String, arguments: [String], input: Data) throws -> Data {
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    let process = try SpawnedProcess(
        executable: "/usr/bin/env", arguments: ["python3", "-c", script] + arguments, environment: ProcessInfo.processInfo.environment,
        input: stdin.fileHandleForReading.fileDescriptor, output: stdout.fileHandleForWriting.fileDescriptor,
        errors: stderr.fileHandleForWriting.fileDescriptor
    )
    // The child has its own copies: each pipe ends when the child (or the writer) closes it.
    try? stdin.fileHandleForReading.close()
    try? stdout.fileHandleForWriting.close()
    try? stderr.fileHandleForWriting.close()
    let writer = stdin.fileHandleForWriting
    DispatchQueue.global().async {
        writer.write(input)
        try? writer.close()
    }
    let errors = PipeReader(stderr)
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw PythonFailed(status: process.terminationStatus, errors: String(decoding: errors.wait(), as: UTF8.self))
    }
    return output
}

/// A Python script did not exit 0.
public struct PythonFailed: Error, CustomStringConvertible {
    /// Its exit status.
    public let status: Int32
    /// What it wrote on standard error.
    public let errors: String
    /// The status and the end of standard error.
    public var description: String { "python3 exited with \(status): \(errors.suffix(800))" }
}

/// Reads a pipe to its end on another thread.
private final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        DispatchQueue.global().async { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
