import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import WebTestSupport

/// What a finished `homepwner` command printed.
struct CommandRun {
    var status: Int32
    var output: String
    var errors: String
}

/// Runs `homepwner arguments…` to the end.
func runHomepwner(_ arguments: [String]) throws -> CommandRun {
    let process = Process()
    process.executableURL = try builtExecutable("homepwner")
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let complained = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandRun(status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self), errors: String(decoding: complained, as: UTF8.self))
}

/// A `homepwner serve` process on a free port.
struct ServerProcess {
    let process: Process
    let url: URL
    let port: Int
    /// The two lines it printed at start.
    let banner: String

    /// Starts the server on `dataDir` and waits (at most 60 s) until it prints its address.
    static func start(dataDir: URL, extra: [String] = []) throws -> ServerProcess {
        let process = Process()
        process.executableURL = try builtExecutable("homepwner")
        process.arguments = ["serve", "--port", "0", "--log-level", "error", "--data-dir", dataDir.path] + extra
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var printed = Data()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, printed.count(where: { $0 == UInt8(ascii: "\n") }) < 2 {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += chunk
        }
        let text = String(decoding: printed, as: UTF8.self)
        let address = try #require(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).first { $0.hasPrefix("http://") }, "the server printed \(text)")
        let url = try #require(URL(string: String(address)))
        return ServerProcess(process: process, url: url, port: try #require(url.port), banner: text)
    }

    /// Sends `method` to `path` with `body` and `headers`; the status, headers and body.
    func request(_ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]) async throws -> (Int, [String: String], Data) {
        var request = URLRequest(url: url.appendingPathComponent(path))
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
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A JSON object from bytes.
func jsonObject(_ data: Data) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}
