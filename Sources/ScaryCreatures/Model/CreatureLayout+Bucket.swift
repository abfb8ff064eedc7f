import DocumentStore
import Foundation
import ObjectStorage

extension CreatureLayout {
    /// The layout of the creatures under `bucket`'s prefix, told as ``detect(in:)`` tells a
    /// folder's: the 2010 one if it holds `.scarybug` bundles and no `.scarycreature` ones, else
    /// the 2018 one (also when it is empty). Stops at the first page with a 2018 bundle.
    ///
    /// - Throws: ``ScaryCreaturesError`` `.storage` when the bucket cannot be listed.
    public static func detect(in bucket: BucketStorage) async throws -> CreatureLayout {
        let prefix = bucket.location.prefix
        var sawBug = false
        var token: String?
        do {
            repeat {
                let page = try await bucket.client.listPage(prefix: prefix, delimiter: "/", continuationToken: token)
                for folder in page.commonPrefixes {
                    let name = folder.dropFirst(prefix.count).dropLast()
                    if name.hasSuffix(".scarycreature") { return .scaryCreatures }
                    if name.utf8.count > 9, name.lowercased().hasSuffix(".scarybug") { sawBug = true }
                }
                if let next = page.continuationToken, next == token { throw S3Error(.badResponse, "the listing repeated its continuation token") }
                token = page.continuationToken
            } while token != nil
        } catch let error as S3Error {
            throw ScaryCreaturesError(.storage, "cannot list \(bucket.location): \(error.message)")
        }
        return sawBug ? .scaryBugs : .scaryCreatures
    }
}
