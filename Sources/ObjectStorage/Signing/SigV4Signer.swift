import Crypto
import Foundation
import Hex

/// AWS Signature Version 4 (header form): the canonical request, the string to sign, the
/// signature and the headers that carry it.
///
/// Checked against AWS's published test suite and, on random requests, against botocore's signer.
public struct SigV4Signer: Sendable {
    /// The key the requests are signed with.
    public var credentials: AWSCredentials
    /// The region in the credential scope (`us-east-1`).
    public var region: String
    /// The service in the credential scope (`s3`).
    public var service: String
    /// Whether `.` and `..` segments and repeated slashes are removed from the path before it is
    /// signed. Most services do; S3 does not (its keys may hold them), so it is off for S3.
    public var normalizesPath: Bool
    /// Whether the payload hash is also sent and signed as `X-Amz-Content-SHA256` (S3 requires it).
    public var sendsPayloadHash: Bool

    /// A signer for one service and region.
    public init(credentials: AWSCredentials, region: String, service: String, normalizesPath: Bool, sendsPayloadHash: Bool) {
        self.credentials = credentials
        self.region = region
        self.service = service
        self.normalizesPath = normalizesPath
        self.sendsPayloadHash = sendsPayloadHash
    }

    /// A signer for S3: paths signed as they are, the payload hash sent.
    public static func s3(credentials: AWSCredentials, region: String) -> SigV4Signer {
        SigV4Signer(credentials: credentials, region: region, service: "s3", normalizesPath: false, sendsPayloadHash: true)
    }

    /// Every step of signing one request, for sending (``headers``) and for checking.
    public struct Signature: Sendable {
        /// The canonical request (step 1).
        public var canonicalRequest: String
        /// The string to sign (step 2).
        public var stringToSign: String
        /// The signature: lower-case hex HMAC-SHA256 (step 4).
        public var signature: String
        /// The request's headers followed by those signing added (`X-Amz-Date`,
        /// `X-Amz-Content-SHA256`, `X-Amz-Security-Token`) and `Authorization`.
        public var headers: [(name: String, value: String)]
        /// The path as it must be sent: percent-encoded the way it was signed.
        public var encodedPath: String
        /// The query as it must be sent: the canonical query string.
        public var encodedQuery: String
    }

    /// Signs a request at a time (the `X-Amz-Date`; servers refuse one more than 15 minutes off).
    public func sign(_ request: SignableRequest, at date: Date) -> Signature {
        let timestamp = Self.timestamp(date)
        let day = String(timestamp.prefix(8))
        var headers = request.headers
        headers.append((name: "X-Amz-Date", value: timestamp))
        if sendsPayloadHash {
            headers.append((name: "X-Amz-Content-SHA256", value: request.payloadHash))
        }
        if let token = credentials.sessionToken {
            headers.append((name: "X-Amz-Security-Token", value: token))
        }
        let (canonicalHeaders, signedHeaders) = Self.canonicalHeaders(headers)
        let encodedPath = canonicalPath(request.path)
        let encodedQuery = Self.canonicalQuery(request.query)
        let canonicalRequest = [
            request.method, encodedPath, encodedQuery, canonicalHeaders, signedHeaders, request.payloadHash,
        ].joined(separator: "\n")
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let stringToSign = ["AWS4-HMAC-SHA256", timestamp, scope, Self.hexSHA256(Array(canonicalRequest.utf8))].joined(separator: "\n")
        let signature = Hex.encode(HMAC<SHA256>.authenticationCode(for: Array(stringToSign.utf8), using: signingKey(day: day)))
        headers.append((
            name: "Authorization",
            value: "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope), SignedHeaders=\(signedHeaders), Signature=\(signature)"
        ))
        return Signature(
            canonicalRequest: canonicalRequest, stringToSign: stringToSign, signature: signature,
            headers: headers, encodedPath: encodedPath, encodedQuery: encodedQuery
        )
    }

    /// The key derived from the secret for one day, region and service.
    func signingKey(day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Array("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Array(HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key)))
        }
        return key
    }

    /// The path percent-encoded (slashes kept), normalised first when the service asks for it.
    func canonicalPath(_ path: String) -> String {
        let path = path.isEmpty ? "/" : path
        return URIEncoding.encode(normalizesPath ? Self.normalized(path) : path, keepingSlashes: true)
    }

    /// RFC 3986's remove-dot-segments, with empty segments dropped; a trailing slash is kept.
    static func normalized(_ path: String) -> String {
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": _ = segments.popLast()
            default: segments.append(segment)
            }
        }
        let trailing = path.hasSuffix("/") || path.hasSuffix("/.") || path.hasSuffix("/..")
        let joined = "/" + segments.joined(separator: "/")
        return trailing && !segments.isEmpty ? joined + "/" : joined
    }

    /// Parameters encoded and sorted by name, then value (byte order of the encoded forms).
    static func canonicalQuery(_ query: [(name: String, value: String)]) -> String {
        query
            .map { (URIEncoding.encode($0.name), URIEncoding.encode($0.value)) }
            .sorted { $0.0 == $1.0 ? Array($0.1.utf8).lexicographicallyPrecedes($1.1.utf8) : Array($0.0.utf8).lexicographicallyPrecedes($1.0.utf8) }
            .map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
    }

    /// The canonical header block (lower-case names, sorted; values trimmed, runs of white
    /// space made one space; a repeated name's values joined by commas in order) and the
    /// signed-headers list.
    static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> (block: String, signed: String) {
        var values: [String: [String]] = [:]
        var order: [String] = []
        for header in headers {
            let name = header.name.lowercased()
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(trimmed(header.value))
        }
        let names = order.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
        let block = names.map { "\($0):\(values[$0, default: []].joined(separator: ","))\n" }.joined()
        return (block, names.joined(separator: ";"))
    }

    /// A header value with leading and trailing white space removed and inner runs made one space.
    static func trimmed(_ value: String) -> String {
        var out: [UInt8] = []
        var pendingSpace = false
        for byte in value.utf8 {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(UInt8(ascii: " ")) }
                pendingSpace = false
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `yyyyMMdd'T'HHmmss'Z'` in UTC.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }

    /// Lower-case hex SHA-256 of bytes.
    public static func hexSHA256(_ bytes: some DataProtocol) -> String {
        Hex.encode(SHA256.hash(data: bytes))
    }
}
