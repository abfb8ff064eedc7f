import DocumentStore
import Foundation
@testable import HomepwnerPages
import ObjectStorage
import Testing
import TestSupport

@Suite("The repair command a damaged inventory's pages show names its storage")
struct RepairCommandTests {
    @Test("a folder is named with --storage PATH and a bucket with --storage s3://… (and --s3-path-style when it is addressed so), each quoted for a shell")
    func namesTheStorage() throws {
        #expect(HomepwnerPages.repairCommand(for: .folder(URL(fileURLWithPath: "/home/me/My Documents"))) == "homepwner check --repair --storage '/home/me/My Documents'")
        let settings = try S3Settings.fromEnvironment(
            ["AWS_ENDPOINT_URL_S3": "http://127.0.0.1:9", "AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "secret"], pathStyle: true
        )
        let client = S3Client(settings: settings, bucket: "inventory")
        let bucket = Storage.bucket(BucketStorage(client: client, location: S3Location(bucket: "inventory", prefix: "home/")))
        #expect(HomepwnerPages.repairCommand(for: bucket) == "homepwner check --repair --storage s3://inventory/home/ --s3-path-style")
    }
}
