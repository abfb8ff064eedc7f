import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `Scripts/s3-fault-proxy.py` between a client and the local S3 server: it passes requests on
/// unchanged, or answers 503 SlowDown or 500, resets the connection before or after passing a
/// request on, delays it (2 s, or up to 1.5 s at random), or never answers it — in a planned order, then at random shares.
public struct S3FaultProxy: Sendable {
    /// `http://127.0.0.1:PORT`: point the client here instead of at the server.
    public let endpoint: String
    /// The proxy process.
    public let child: ChildProcess

    /// One request the proxy saw, and what it did to it.
    public struct Seen: Decodable, Equatable, Sendable {
        /// The method.
        public var method: String
        /// The path (without the query).
        public var path: String
        /// The fault it got (`pass` when none).
        public var fault: String
    }

    /// Starts a proxy in front of `upstream`; it ends when this process ends.
    public static func start(upstream: String) async throws -> S3FaultProxy {
        let script = projectRoot().appendingPathComponent("Scripts/s3-fault-proxy.py")
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, "--upstream", upstream, "--exit-with-parent"])
        let line = await child.readLines(1, timeout: 30)
        guard let data = line.data(using: .utf8), let fields = try? JSONSerialization.jsonObject(with: data) as? [String: String],
              let endpoint = fields["endpoint"]
        else {
            child.kill()
            throw S3TestServerError(message: "Scripts/s3-fault-proxy.py did not start: \(line)\(await child.finish().errors.suffix(600))")
        }
        return S3FaultProxy(endpoint: endpoint, child: child)
    }

    /// Faults for the next requests of a method (`byMethod`: `["PUT": ["reset-after"]]`), then
    /// for the next requests in order (`slowdown`, `internal`, `reset-before`, `reset-after`,
    /// `delay`, `late`: up to 1.5 s at random, `hang`: never answer, `pass`), then `shares` of
    /// them at random (seeded) — only to requests whose path holds `sharesOnly`, when given.
    /// Requests to the apps' change journals (`/.changes/`) pass the planned faults by: those
    /// are for the data; the journals get only the random shares.
    public func plan(
        _ faults: [String], byMethod: [String: [String]] = [:], shares: [String: Double] = [:], sharesOnly: String? = nil, seed: Int = 1
    ) async throws {
        var request = URLRequest(url: URL(string: endpoint + "/__proxy/plan")!)
        request.httpMethod = "POST"
        var settings: [String: Any] = ["plan": faults, "byMethod": byMethod, "shares": shares, "seed": seed]
        if let sharesOnly { settings["sharesOnly"] = sharesOnly }
        request.httpBody = try JSONSerialization.data(withJSONObject: settings)
        let (_, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 204 else {
            throw S3TestServerError(message: "the fault proxy refused the plan \(faults) \(shares)")
        }
    }

    /// Every request it saw so far, in order.
    public func log() async throws -> [Seen] {
        let (data, _) = try await URLSession(configuration: .ephemeral).data(from: URL(string: endpoint + "/__proxy/log")!)
        return try JSONDecoder().decode([Seen].self, from: data)
    }

    /// Client connections: how many were opened in all, and the most open at once (the
    /// control requests' own connections included).
    public func connections() async throws -> (total: Int, mostAtOnce: Int) {
        let (data, _) = try await URLSession(configuration: .ephemeral).data(from: URL(string: endpoint + "/__proxy/stats")!)
        let fields = try JSONSerialization.jsonObject(with: data) as? [String: Int] ?? [:]
        return (fields["connections"] ?? 0, fields["mostAtOnce"] ?? 0)
    }

    /// Ends the proxy.
    public func stop() {
        child.kill()
        _ = child.finishBlocking()
    }
}
