import Foundation
import Testing
@testable import ObjectStorage

/// One case of AWS's Signature V4 test suite (`SigV4TestSuite/`, from aws-c-auth).
struct SigV4Case: CustomTestStringConvertible, Sendable {
    let name: String
    let folder: URL

    var testDescription: String { name }

    /// Every case whose session token is signed (one case, `post-sts-header-after`, adds the
    /// token after signing, which no S3 request does).
    static func all() throws -> [SigV4Case] {
        let root = try #require(Bundle.module.url(forResource: "SigV4TestSuite", withExtension: nil))
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.contains(".") && $0 != "LICENSE" && $0 != "NOTICE" }
        return names.sorted().map { SigV4Case(name: $0, folder: root.appendingPathComponent($0)) }.filter { (try? $0.context().omitsSessionToken) != true }
    }

    struct Context: Decodable {
        struct Credentials: Decodable {
            var access_key_id: String
            var secret_access_key: String
            var token: String?
        }
        var credentials: Credentials
        var normalize: Bool
        var region: String
        var service: String
        var sign_body: Bool
        var timestamp: String
        var omit_session_token: Bool?
        var omitsSessionToken: Bool { omit_session_token == true }
    }

    func context() throws -> Context {
        try JSONDecoder().decode(Context.self, from: Data(contentsOf: folder.appendingPathComponent("context.json")))
    }

    func text(_ file: String) throws -> String {
        try String(decoding: Data(contentsOf: folder.appendingPathComponent(file)), as: UTF8.self)
    }

    /// `request.txt`: `METHOD TARGET HTTP/1.1`, headers (`Name:value`, continued on lines that
    /// start with white space), a blank line and the body. The target's query is decoded.
    func request() throws -> SignableRequest {
        let raw = try text("request.txt")
        let (head, body) = raw.range(of: "\n\n").map { (String(raw[..<$0.lowerBound]), String(raw[$0.upperBound...])) } ?? (raw, "")
        var lines = head.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let requestLine = lines.removeFirst()
        let method = String(requestLine.prefix { $0 != " " })
        let target = String(requestLine.dropFirst(method.count + 1).dropLast(" HTTP/1.1".count))
        let path = String(target.prefix { $0 != "?" })
        var query: [(name: String, value: String)] = []
        if target.count > path.count + 1 {
            for pair in target.dropFirst(path.count + 1).split(separator: "&") {
                let name = pair.prefix { $0 != "=" }
                let value = pair.dropFirst(name.count + 1)
                query.append((String(decoding: URIEncoding.decode(name), as: UTF8.self), String(decoding: URIEncoding.decode(value), as: UTF8.self)))
            }
        }
        var headers: [(name: String, value: String)] = []
        for line in lines where !line.isEmpty {
            if line.first == " " || line.first == "\t", let last = headers.popLast() {
                headers.append((last.name, last.value + "\n" + line))
            } else {
                let name = String(line.prefix { $0 != ":" })
                headers.append((name, String(line.dropFirst(name.count + 1))))
            }
        }
        return SignableRequest(method: method, path: path, query: query, headers: headers, payloadHash: SigV4Signer.hexSHA256(Array(body.utf8)))
    }
}

@Suite("Signature V4: AWS's published test suite")
struct SigV4TestSuiteTests {
    @Test("the suite is there: 37 cases with a signed session token or none")
    func casesFound() throws {
        #expect(try SigV4Case.all().count == 37)
    }

    @Test("each case's canonical request, string to sign and signature are AWS's", arguments: try SigV4Case.all())
    func matchesTheSuite(_ testCase: SigV4Case) throws {
        let context = try testCase.context()
        let credentials = AWSCredentials(
            accessKeyID: context.credentials.access_key_id, secretAccessKey: context.credentials.secret_access_key, sessionToken: context.credentials.token
        )
        let signer = SigV4Signer(
            credentials: credentials, region: context.region, service: context.service,
            normalizesPath: context.normalize, sendsPayloadHash: context.sign_body
        )
        let date = try #require(ISO8601DateFormatter().date(from: context.timestamp))
        let signature = signer.sign(try testCase.request(), at: date)
        #expect(signature.canonicalRequest == (try testCase.text("header-canonical-request.txt")))
        #expect(signature.stringToSign == (try testCase.text("header-string-to-sign.txt")))
        #expect(signature.signature == (try testCase.text("header-signature.txt")))
        let authorization = try #require(signature.headers.last)
        #expect(authorization.name == "Authorization")
        #expect(authorization.value.hasSuffix("Signature=\(try testCase.text("header-signature.txt"))"))
    }
}
