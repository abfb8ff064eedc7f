import Foundation
import Testing
@testable import ObjectStorage

@Suite("S3 settings, locations, retry delays and XML answers")
struct S3SettingsTests {
    let keys = ["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "secret"]

    @Test("the environment is read as AWS's tools read it: AWS_ENDPOINT_URL_S3 before AWS_ENDPOINT_URL, AWS_REGION before AWS_DEFAULT_REGION")
    func environment() throws {
        var environment = keys.merging(["AWS_ENDPOINT_URL": "http://general:1", "AWS_ENDPOINT_URL_S3": "http://127.0.0.1:9000/", "AWS_DEFAULT_REGION": "eu-west-3"]) { $1 }
        var settings = try S3Settings.fromEnvironment(environment, pathStyle: true)
        #expect(settings.scheme == "http")
        #expect(settings.host == "127.0.0.1")
        #expect(settings.port == 9000)
        #expect(settings.region == "eu-west-3")
        #expect(settings.credentials == AWSCredentials(accessKeyID: "AKID", secretAccessKey: "secret"))
        #expect(settings.hostHeader(bucket: "b") == "127.0.0.1:9000")
        environment["AWS_ENDPOINT_URL_S3"] = nil
        environment["AWS_REGION"] = "us-west-2"
        environment["AWS_SESSION_TOKEN"] = "tok"
        settings = try S3Settings.fromEnvironment(environment, pathStyle: false)
        #expect(settings.host == "general")
        #expect(settings.region == "us-west-2")
        #expect(settings.credentials.sessionToken == "tok")
        #expect(settings.hostHeader(bucket: "b") == "b.general:1")
        settings = try S3Settings.fromEnvironment(keys, pathStyle: false)
        #expect(settings.scheme == "https")
        #expect(settings.host == "s3.us-east-1.amazonaws.com")
        #expect(settings.port == nil)
        #expect(settings.hostHeader(bucket: "b") == "b.s3.us-east-1.amazonaws.com")
        settings = try S3Settings.fromEnvironment(keys.merging(["AWS_ENDPOINT_URL_S3": "http://[::1]:9000"]) { $1 }, pathStyle: true)
        #expect(settings.host == "::1")
        #expect(settings.hostHeader(bucket: "b") == "[::1]:9000")
    }

    @Test("missing credentials, a malformed endpoint or region: .invalidConfiguration with one clear line")
    func badEnvironment() {
        let cases: [([String: String], String)] = [
            ([:], "no credentials for s3://: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary ones)"),
            (["AWS_ACCESS_KEY_ID": "AKID"], "no credentials for s3://: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary ones)"),
            (keys.merging(["AWS_ENDPOINT_URL_S3": "ftp://x"]) { $1 }, "the S3 endpoint must be http://HOST[:PORT] or https://HOST[:PORT], not ftp://x"),
            (keys.merging(["AWS_ENDPOINT_URL_S3": "http://x:99999"]) { $1 }, "the S3 endpoint must be http://HOST[:PORT] or https://HOST[:PORT], not http://x:99999"),
            (keys.merging(["AWS_ENDPOINT_URL_S3": "http://user@x"]) { $1 }, "the S3 endpoint must be http://HOST[:PORT] or https://HOST[:PORT], not http://user@x"),
            (keys.merging(["AWS_ENDPOINT_URL_S3": "http://x/path"]) { $1 }, "the S3 endpoint must be http://HOST[:PORT] or https://HOST[:PORT], not http://x/path"),
            (keys.merging(["AWS_REGION": "us east"]) { $1 }, "AWS_REGION \"us east\" is not a region name"),
        ]
        for (environment, message) in cases {
            #expect { try S3Settings.fromEnvironment(environment, pathStyle: true) } throws: {
                ($0 as? S3Error)?.code == .invalidConfiguration && ($0 as? S3Error)?.message == message
            }
        }
    }

    @Test("s3://BUCKET/PREFIX parses; the prefix gets its slash; bad buckets and prefixes say why")
    func locations() throws {
        #expect(try S3Location(parsing: "s3://my-bucket") == S3Location(bucket: "my-bucket", prefix: ""))
        #expect(try S3Location(parsing: "s3://my-bucket/") == S3Location(bucket: "my-bucket", prefix: ""))
        #expect(try S3Location(parsing: "s3://my.bucket/PrivateDocuments") == S3Location(bucket: "my.bucket", prefix: "PrivateDocuments/"))
        #expect(try S3Location(parsing: "s3://b12/a/b/").prefix == "a/b/")
        #expect(try S3Location(parsing: "s3://b12/a/b").key("items.archive") == "a/b/items.archive")
        for bad in ["/data", "s3:/b", "s3://", "s3://ab", "s3://Upper", "s3://-dash", "s3://dash-", "s3://a..b", "s3://b12/a//b", "s3://b12/a\u{1}"] {
            #expect(throws: S3Error.self, "\(bad)") { try S3Location(parsing: bad) }
        }
        #expect { try S3Location(parsing: "s3://ab") } throws: {
            ($0 as? S3Error)?.message == "\"ab\" is not a bucket name (3 to 63 of a-z, 0-9, '.' and '-', starting and ending with a letter or digit)"
        }
    }

    @Test("full jitter: each delay lies in [0, min(max, base × 2^(n−1))], and they vary")
    func retryDelays() {
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: .milliseconds(50), maxDelay: .seconds(2), deadline: .seconds(20))
        var generator = SystemRandomNumberGenerator()
        for attempt in 1...10 {
            let ceiling = min(Duration.seconds(2), .milliseconds(50) * (1 << (attempt - 1)))
            let delays = (0..<200).map { _ in policy.delay(afterAttempt: attempt, using: &generator) }
            #expect(delays.allSatisfy { $0 >= .zero && $0 <= ceiling })
            #expect(Set(delays).count > 100)
        }
        #expect(policy.delay(afterAttempt: Int.max, using: &generator) <= .seconds(2))
    }

    @Test("XML answers: a listing with URL-encoded keys decodes them; hostile or foreign XML is .badResponse, never a crash")
    func xml() throws {
        let listing = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><EncodingType>url</EncodingType>
        <IsTruncated>true</IsTruncated><NextContinuationToken>tok&amp;1</NextContinuationToken>
        <Contents><Key>p/a+b%2Bc%C3%A9</Key><ETag>&quot;e1&quot;</ETag><Size>3</Size></Contents>
        <CommonPrefixes><Prefix>p/x%20y/</Prefix></CommonPrefixes></ListBucketResult>
        """.utf8)
        let result = try S3XML.listResult(listing)
        #expect(result.entries == [S3XML.ListedEntry(key: "p/a b+cé", etag: "\"e1\"", size: 3, lastModified: "")])
        #expect(result.commonPrefixes == ["p/x y/"])
        #expect(result.nextContinuationToken == "tok&1")
        let hostile = [
            "not xml", "<Error><Code>x</Code>", "<Other/>",
            "<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>",
            "<ListBucketResult><Contents><Key>k</Key><Size>-1</Size><ETag>e</ETag></Contents></ListBucketResult>",
            "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><ListBucketResult><Contents><Key>&e;</Key><ETag>e</ETag><Size>1</Size></Contents></ListBucketResult>",
            String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000),
        ]
        for text in hostile {
            #expect(throws: S3Error.self, "\(text.prefix(40))") { try S3XML.listResult(Data(text.utf8)) }
        }
        #expect(S3XML.errorAnswer(Data("<Error><Code>SlowDown</Code><Message>Reduce</Message></Error>".utf8))?.code == "SlowDown")
        #expect(S3XML.errorAnswer(Data("<html>".utf8)) == nil)
    }
}
