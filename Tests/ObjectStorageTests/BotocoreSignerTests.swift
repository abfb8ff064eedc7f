import Foundation
import Testing
import TestSupport
@testable import ObjectStorage

/// botocore's S3 signer (PyPI `botocore`) on the same requests: the canonical request, the
/// string to sign and the signature, compared.
private let botocoreScript = #"""
import sys, json
from urllib.parse import quote
from botocore.auth import S3SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials
out = []
for r in json.load(sys.stdin):
    request = AWSRequest(method=r["method"], url="https://unused.example" + quote(r["path"].encode("utf-8"), safe="/~"), params=[tuple(p) for p in r["query"]])
    for name, value in r["headers"]:
        request.headers[name] = value  # appends: a repeated name keeps every value
    request.context["timestamp"] = r["timestamp"]
    auth = S3SigV4Auth(Credentials(r["key"], r["secret"], r.get("token")), "s3", r["region"])
    canonical = auth.canonical_request(request)
    to_sign = auth.string_to_sign(request, canonical)
    out.append({"canonical": canonical, "stringToSign": to_sign, "signature": auth.signature(to_sign, request)})
json.dump(out, sys.stdout)
"""#

@Suite("Signature V4: the same as botocore's signer on random requests")
struct BotocoreSignerTests {
    /// Text from characters that S3 keys and query strings really carry, the awkward ones included.
    func randomText(_ generator: inout SplitMix64, length: ClosedRange<Int>, slashes: Bool) -> String {
        let pool = Array("abcXYZ019-._~ +%=&?#:@,;!*'()[]$é中😀\u{301}") + (slashes ? ["/", "/"] : [])
        let count = Int.random(in: length, using: &generator)
        return String((0..<count).map { _ in pool.randomElement(using: &generator)! })
    }

    func randomHeaderValue(_ generator: inout SplitMix64) -> String {
        let pool = Array("abc XYZ 019-._~\t  ,;=\"*/")
        return String((0..<Int.random(in: 0...20, using: &generator)).map { _ in pool.randomElement(using: &generator)! })
    }

    struct Case: Encodable {
        var method: String
        var path: String
        var query: [[String]]
        var headers: [[String]]
        var timestamp: String
        var region: String
        var key: String
        var secret: String
        var token: String?
    }

    struct Answer: Decodable {
        var canonical: String
        var stringToSign: String
        var signature: String
    }

    @Test("300 random requests (keys and parameters with spaces, '+', '%', '/', accents, emoji; repeated and padded headers; tokens) sign alike")
    func randomRequests() async throws {
        var generator = SplitMix64(seed: 0x5167_0004)
        var cases: [Case] = []
        var ours: [SigV4Signer.Signature] = []
        for _ in 0..<300 {
            let credentials = AWSCredentials(
                accessKeyID: "AKID" + randomText(&generator, length: 4...8, slashes: false).filter(\.isASCII).filter(\.isLetter),
                secretAccessKey: randomText(&generator, length: 20...40, slashes: true),
                sessionToken: Bool.random(using: &generator) ? "token/" + randomText(&generator, length: 8...30, slashes: true).filter(\.isASCII) : nil
            )
            let region = ["us-east-1", "eu-west-3", "auto", "garage"].randomElement(using: &generator)!
            let method = ["GET", "PUT", "HEAD", "DELETE"].randomElement(using: &generator)!
            let path = "/bucket-\(Int.random(in: 0...9, using: &generator))/" + randomText(&generator, length: 0...24, slashes: true)
            var query: [(name: String, value: String)] = []
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let name = Bool.random(using: &generator) ? ["prefix", "list-type", "continuation-token", "max-keys"].randomElement(using: &generator)! : randomText(&generator, length: 1...8, slashes: true)
                query.append((name, randomText(&generator, length: 0...12, slashes: true)))
            }
            var headers: [(name: String, value: String)] = [("Host", "s3.example.com:9000")]
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let name = ["x-amz-meta-a", "X-Amz-Meta-B", "If-Match", "Range", "Content-Type", "x-amz-meta-a"].randomElement(using: &generator)!
                headers.append((name, randomHeaderValue(&generator)))
            }
            let body = Array(randomText(&generator, length: 0...40, slashes: true).utf8)
            let signer = SigV4Signer.s3(credentials: credentials, region: region)
            let date = Date(timeIntervalSince1970: Double(Int.random(in: 1_400_000_000...2_100_000_000, using: &generator)))
            let signature = signer.sign(SignableRequest(method: method, path: path, query: query, headers: headers, payloadHash: SigV4Signer.hexSHA256(body)), at: date)
            ours.append(signature)
            cases.append(Case(
                method: method, path: path, query: query.map { [$0.name, $0.value] },
                headers: signature.headers.dropLast().map { [$0.name, $0.value] },
                timestamp: SigV4Signer.timestamp(date), region: region,
                key: credentials.accessKeyID, secret: credentials.secretAccessKey, token: credentials.sessionToken
            ))
        }
        let theirs = try JSONDecoder().decode([Answer].self, from: await runPython(botocoreScript, input: JSONEncoder().encode(cases)))
        try #require(theirs.count == ours.count)
        for (index, (mine, botocore)) in zip(ours, theirs).enumerated() {
            #expect(mine.canonicalRequest == botocore.canonical, "request \(index)")
            #expect(mine.stringToSign == botocore.stringToSign, "request \(index)")
            #expect(mine.signature == botocore.signature, "request \(index)")
        }
    }
}
