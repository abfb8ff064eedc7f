import DocumentStore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What a finished child process printed, and how it ended.
public struct ChildRun: Sendable {
    /// The exit status, or the signal that ended it.
    public var status: Int32
    /// Whether a signal ended it (a kill, a crash) rather than an exit.
    public var killed: Bool
    /// Its standard output, byte for byte.
    public var outputData: Data
    /// Its standard error.
    public var errors: String

    /// Its standard output as UTF-8 text.
    public var output: String { String(decoding: outputData, as: UTF8.self) }
    /// Whether it exited rather than being ended by a signal.
    public var exitedNormally: Bool { !killed }
    /// Its output up to the last newline: a line cut short by a kill is dropped (found by byte,
    /// since `"\r\n"` is one `Character`).
    public var completeLines: String {
        let complete = outputData.lastIndex(of: UInt8(ascii: "\n")).map { outputData[...$0] } ?? Data()
        return String(decoding: complete, as: UTF8.self)
    }
}

/// A child process of a built executable, with its output and errors collected through pipes
/// (crash backtraces off, so a crash ends it at once).
///
/// `@unchecked Sendable`: the process and its pipes are used from one test at a time.
public final class ChildProcess: @unchecked Sendable {
    /// The process.
    public let process: SpawnedProcess
    /// Its standard output.
    public let output = Pipe()
    /// Its standard error.
    public let errors = Pipe()

    /// Starts `executable arguments…` with `environment` added to ours, through `launcher` if
    /// given (a command that runs the rest of its arguments, such as `prlimit --nofile=300:300 --`);
    /// with `discardingErrors`, its standard error goes nowhere (nothing can fill that pipe);
    /// its standard input is the file `input`, or nothing.
    public init(
        _ executable: URL, _ arguments: [String], environment extra: [String: String] = [:], launcher: [String] = [],
        discardingErrors: Bool = false, input: URL? = nil
    ) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment.merge(extra) { $1 }
        let inputFile = try input.map { try FileHandle(forReadingFrom: $0) }
        defer { try? inputFile?.close() }
        let tool = launcher.first ?? executable.path
        process = try SpawnedProcess(
            executable: tool, arguments: launcher.isEmpty ? arguments : Array(launcher.dropFirst()) + [executable.path] + arguments,
            environment: environment, input: inputFile?.fileDescriptor, output: output.fileHandleForWriting.fileDescriptor,
            errors: discardingErrors ? nil : errors.fileHandleForWriting.fileDescriptor
        )
        // The child has its own copies: the pipes end when it does.
        try? output.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()
    }

    /// Starts the built executable `name` (``builtExecutable(_:file:)``).
    public convenience init(
        built name: String, _ arguments: [String], environment: [String: String] = [:], launcher: [String] = [], discardingErrors: Bool = false
    ) throws {
        try self.init(try builtExecutable(name), arguments, environment: environment, launcher: launcher, discardingErrors: discardingErrors)
    }

    /// Sends `signal` (SIGKILL unless told).
    public func kill(_ signal: Int32 = SIGKILL) {
        _ = Glibc.kill(process.processIdentifier, signal)
    }

    /// Reads its output and errors to their ends and waits for it to end, on a thread of
    /// ``waits`` (never blocking Swift's cooperative pool, where in-process servers of other tests
    /// answer).
    public func finish() async -> ChildRun {
        await Self.offPool { self.finishBlocking() }
    }

    /// ``finish()`` on the calling thread: only for a process already told to end, or where no
    /// `await` is possible (a `defer`, a static initialiser).
    public func finishBlocking() -> ChildRun {
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complained = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ChildRun(
            status: process.terminationStatus, killed: process.terminationReason == .uncaughtSignal,
            outputData: printed, errors: String(decoding: complained, as: UTF8.self)
        )
    }

    /// Reads its output until it has printed `lines` lines or ended, for at most `timeout`
    /// seconds, on a thread of ``waits``; what it printed by then.
    public func readLines(_ lines: Int, timeout: TimeInterval) async -> String {
        await Self.offPool { self.readLinesBlocking(lines, timeout: timeout) }
    }

    /// ``readLines(_:timeout:)`` on the calling thread, where no `await` is possible.
    public func readLinesBlocking(_ lines: Int, timeout: TimeInterval) -> String {
        let printed = Self.read(output, timeout: timeout) { $0.count(where: { $0 == UInt8(ascii: "\n") }) >= lines }
        return String(decoding: printed, as: UTF8.self)
    }

    /// Reads its standard error until it holds `text` or ends, for at most `timeout` seconds;
    /// whether `text` came (waiting on a thread of ``waits``).
    public func waitForErrorOutput(_ text: String, timeout: TimeInterval) async -> Bool {
        await Self.offPool {
            let holdsText = { (data: Data) in String(decoding: data, as: UTF8.self).contains(text) }
            return holdsText(Self.read(self.errors, timeout: timeout, until: holdsText))
        }
    }

    /// The threads on which tests wait for child processes: a few, so that waits never hold
    /// Swift's cooperative pool (two threads on a two-core machine, shared with every in-process
    /// server under test), and so that no more children are waited on at once than the machine
    /// runs well.
    public static let waits = BlockingPool(threadCount: 2)

    /// Runs blocking `work` on a thread of ``waits``.
    public static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        do {
            return try await waits.run(work)
        } catch {
            preconditionFailure("the pool of waits is never shut down, and the work cannot throw")
        }
    }

    /// What `pipe` gave until `enough` says so, it ends, or `timeout` seconds pass.
    private static func read(_ pipe: Pipe, timeout: TimeInterval, until enough: (Data) -> Bool) -> Data {
        var printed = Data()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, !enough(printed) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += chunk
        }
        return printed
    }
}

/// Runs the built executable `name` with `arguments` to the end, reading the file `input` as
/// its standard input if given. It is started and waited for in one job of
/// ``ChildProcess/waits``, so no more such commands run at once than that pool has threads.
public func runBuilt(_ name: String, _ arguments: [String], environment: [String: String] = [:], input: URL? = nil) async throws -> ChildRun {
    let executable = try builtExecutable(name)
    return try await ChildProcess.offPool {
        Result { try ChildProcess(executable, arguments, environment: environment, input: input).finishBlocking() }
    }.get()
}

/// A server process of a built executable, started on a free port (`serve --port 0`), and the
/// address it printed.
public struct ServedProcess: Sendable {
    /// The running server.
    public let child: ChildProcess
    /// The address it printed.
    public let url: URL
    /// The lines it printed at start.
    public let banner: String

    /// The process.
    public var process: SpawnedProcess { child.process }
    /// Its standard error.
    public var errors: Pipe { child.errors }
    /// Its port.
    public var port: Int { url.port ?? 0 }

    /// Starts `name arguments…` and waits (at most `timeout` seconds) until it has printed
    /// `bannerLines` lines, the first `http://` word of which is its address (through `launcher`,
    /// with `environment` added to ours and its standard error discarded as ``ChildProcess`` says).
    public static func start(
        _ name: String, _ arguments: [String], bannerLines: Int = 1, timeout: TimeInterval = 60, launcher: [String] = [],
        discardingErrors: Bool = false, environment: [String: String] = [:]
    ) async throws -> ServedProcess {
        let child = try ChildProcess(built: name, arguments, environment: environment, launcher: launcher, discardingErrors: discardingErrors)
        let text = await child.readLines(bannerLines, timeout: timeout)
        let address = try #require(
            text.split(whereSeparator: { $0 == " " || $0 == "\n" }).first { $0.hasPrefix("http://") || $0.hasPrefix("https://") }, "the server printed \(text)"
        )
        return ServedProcess(child: child, url: try #require(URL(string: String(address))), banner: text)
    }

    /// Sends `method` to `path` (with a query after `?`) with `body` and `headers`; the status, the headers (names in
    /// lower case) and the body.
    public func request(_ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]) async throws -> (status: Int, headers: [String: String], body: Data) {
        // A query (after `?`) is kept as a query, not encoded into the path.
        let parts = path.split(separator: "?", maxSplits: 1)
        var components = URLComponents(url: url.appendingPathComponent(String(parts.first ?? "")), resolvingAgainstBaseURL: true)!
        if parts.count == 2 { components.percentEncodedQuery = String(parts[1]) }
        var request = URLRequest(url: components.url!)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let session = URLSession(configuration: .ephemeral)
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return (http?.statusCode ?? 0, fields, data)
    }

    /// Sends SIGTERM and waits for the end; the exit status.
    public func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
