import Foundation
import Testing

/// A local S3 server for tests: `Scripts/s3-test-server.py` (moto's S3, every request's
/// signature checked, one request at a time), with the buckets asked for.
///
/// Needs `pip install 'moto[server]'` (`.ci/run` installs it). One server is shared by the
/// whole test run (``shared``); tests keep apart by key prefix.
public struct S3TestServer: Sendable {
    /// `http://127.0.0.1:PORT`.
    public let endpoint: String
    /// The region it signs for.
    public let region: String
    /// The access key of the IAM user it made.
    public let accessKeyID: String
    /// That key's secret.
    public let secretAccessKey: String
    /// The server process.
    public let child: ChildProcess

    /// The bucket the shared server holds.
    public static let bucket = "scary-tests"

    /// The environment the apps and AWS's tools read: endpoint, region and key.
    public var environment: [String: String] {
        [
            "AWS_ENDPOINT_URL_S3": endpoint, "AWS_REGION": region,
            "AWS_ACCESS_KEY_ID": accessKeyID, "AWS_SECRET_ACCESS_KEY": secretAccessKey,
        ]
    }

    /// Starts a server with `buckets`; it ends when this process ends.
    /// - Throws: when the script cannot start (moto is not installed: its message is in the error).
    public static func start(buckets: [String]) throws -> S3TestServer {
        let script = projectRoot().appendingPathComponent("Scripts/s3-test-server.py")
        let child = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", script.path, "--exit-with-parent"] + buckets.flatMap { ["--bucket", $0] }
        )
        let line = child.readLinesBlocking(1, timeout: 60)
        guard let data = line.data(using: .utf8), let fields = try? JSONSerialization.jsonObject(with: data) as? [String: String],
              let endpoint = fields["endpoint"], let region = fields["region"], let key = fields["accessKeyId"], let secret = fields["secretAccessKey"]
        else {
            child.kill()
            let run = child.finishBlocking()
            throw S3TestServerError(message: "Scripts/s3-test-server.py did not start (pip install 'moto[server]'): \(line)\(run.errors.suffix(600))")
        }
        return S3TestServer(endpoint: endpoint, region: region, accessKeyID: key, secretAccessKey: secret, child: child)
    }

    /// The server every test of this run shares, started at first use with ``bucket``.
    public static func shared() throws -> S3TestServer {
        try sharedServer.get()
    }

    private static let sharedServer: Result<S3TestServer, S3TestServerError> = {
        do {
            return .success(try start(buckets: [bucket]))
        } catch {
            return .failure(error as? S3TestServerError ?? S3TestServerError(message: "\(error)"))
        }
    }()

    /// A prefix no other test uses: `name-UUID/`.
    public static func uniquePrefix(_ name: String) -> String {
        "\(name)-\(UUID().uuidString.prefix(8).lowercased())/"
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
