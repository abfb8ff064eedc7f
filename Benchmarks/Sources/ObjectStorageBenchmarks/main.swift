import BenchmarkSupport
import Foundation
import ObjectStorage

// Our S3 client against boto3 (AWS's Python SDK), on the same local S3 server
// (Scripts/s3-test-server.py: moto, signatures checked, one request at a time), one request
// after another: PutObject of 1 KiB, GetObject of it, ListObjectsV2 of a 100-key prefix.
// boto3 runs in a Python process of its own, told what to do over a pipe; each round times
// the same number of requests on both sides, interleaved.
// Usage, from the project folder:
//   swift run --package-path Benchmarks -c release object-storage-benchmarks [--requests N] [--runs N]

var requests = 200
var runs = 5
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--requests": requests = Int(arguments.next() ?? "") ?? requests
    case "--runs": runs = Int(arguments.next() ?? "") ?? runs
    default:
        FileHandle.standardError.write(Data("usage: object-storage-benchmarks [--requests N] [--runs N]\n".utf8))
        exit(64)
    }
}

// This file is <project>/Benchmarks/Sources/ObjectStorageBenchmarks/main.swift.
var project = URL(fileURLWithPath: #filePath)
for _ in 0..<4 { project.deleteLastPathComponent() }
let bucket = "benchmarks"

/// A child process spoken to line by line.
final class LineChild: @unchecked Sendable {
    let process = Process()
    let input = Pipe(), output = Pipe()
    private var buffer = Data()

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    func readLine() -> String {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer = Data(buffer[(newline + 1)...])
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return "" }
            buffer += chunk
        }
    }

    func ask(_ line: String) -> String {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
        return readLine()
    }
}

let server = try LineChild(["python3", project.appendingPathComponent("Scripts/s3-test-server.py").path, "--bucket", bucket, "--exit-with-parent"])
guard let started = try JSONSerialization.jsonObject(with: Data(server.readLine().utf8)) as? [String: String],
      let endpoint = started["endpoint"], let keyID = started["accessKeyId"], let secret = started["secretAccessKey"]
else {
    FileHandle.standardError.write(Data("the local S3 server did not start (pip install 'moto[server]' boto3)\n".utf8))
    exit(1)
}
let environment = ["AWS_ENDPOINT_URL_S3": endpoint, "AWS_REGION": "us-east-1", "AWS_ACCESS_KEY_ID": keyID, "AWS_SECRET_ACCESS_KEY": secret]
let client = S3Client(settings: try S3Settings.fromEnvironment(environment, pathStyle: true), bucket: bucket)

let botoScript = """
import sys, boto3, botocore.config
endpoint, key, secret, bucket = sys.argv[1:5]
s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id=key, aws_secret_access_key=secret,
                  config=botocore.config.Config(s3={"addressing_style": "path"}, retries={"max_attempts": 1}))
body = b"x" * 1024
for line in sys.stdin:
    op, n = line.split()
    for i in range(int(n)):
        if op == "put": s3.put_object(Bucket=bucket, Key=f"boto/{i % 100:03d}", Body=body)
        elif op == "get": s3.get_object(Bucket=bucket, Key=f"boto/{i % 100:03d}")["Body"].read()
        elif op == "list": s3.list_objects_v2(Bucket=bucket, Prefix="boto/", MaxKeys=100)
    print("done", flush=True)
"""
let boto = try LineChild(["python3", "-c", botoScript, endpoint, keyID, secret, bucket])
let body = Data(repeating: UInt8(ascii: "x"), count: 1024)
func ours(_ op: String, _ count: Int) async throws {
    for index in 0..<count {
        let key = String(format: "ours/%03d", index % 100)
        switch op {
        case "put": try await client.put(key, body: body)
        case "get": _ = try await client.get(key, maxBytes: 1 << 20)
        default: _ = try await client.listPage(prefix: "ours/", maxKeys: 100)
        }
    }
}
// Both prefixes hold 100 objects before anything is timed.
try await ours("put", 100)
guard boto.ask("put 100") == "done" else { exit(1) }

print("object storage benchmark: \(requests) requests a round, one at a time, median of \(runs) interleaved rounds, same local server")
var table: [(String, Double, Double)] = []
for op in ["put", "get", "list"] {
    var race = Race("\(op.uppercased()) × \(requests)", iterations: runs)
    race.add("ours (S3Client)") { try await ours(op, requests) }
    race.add("boto3") { guard boto.ask("\(op) \(requests)") == "done" else { throw CocoaError(.fileReadUnknown) } }
    let results = try await race.run()
    print("  \(race.name): ours \(milliseconds(results[0].median)), boto3 \(milliseconds(results[1].median))")
    table.append((op, Double(requests) / results[0].median, Double(requests) / results[1].median))
}
print("")
print("| request | ours (req/s) | boto3 (req/s) | ours ÷ boto3 |")
print("| --- | ---: | ---: | ---: |")
for (op, mine, theirs) in table {
    print(String(format: "| %@ | %.0f | %.0f | %.2f× |", op.uppercased(), mine, theirs, mine / theirs))
}
try await client.shutdown()
server.process.terminate()
boto.process.terminate()
