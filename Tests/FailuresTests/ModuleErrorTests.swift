@testable import DocumentStore
import Failures
import KeyedArchive
import ObjectStorage
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What each lower module's error keeps besides its code and message: they are all
/// ``Failures/CodedFailure``, their facts in typed details, equal by code and message alone.
@Suite("The lower modules' errors: CodedFailure with their own codes and details")
struct ModuleErrorTests {
    @Test("DocumentStoreError keeps its path and errno as details, equal by code and message")
    func documentStoreError() {
        let error = DocumentStoreError(.conflict, "items.archive kept changing", path: "/data/items.archive")
        #expect(error.code == .conflict)
        #expect(error.path == "/data/items.archive")
        #expect(error.errno == nil)
        #expect(error.details?.path == "/data/items.archive")
        #expect(error == DocumentStoreError(.conflict, "items.archive kept changing", path: "/elsewhere", errno: EIO))
        #expect(error != DocumentStoreError(.notFound, "items.archive kept changing"))
    }

    @Test("a failed system call is classified by its errno, which it keeps with the path")
    func systemCall() {
        let error = DocumentStoreError.system("cannot open", path: "/data/1.scarycreature", errno: ENOENT)
        #expect(error.code == .notFound)
        #expect(error.path == "/data/1.scarycreature")
        #expect(error.errno == ENOENT)
        #expect(error.message.hasPrefix("cannot open /data/1.scarycreature: "))
        #expect(DocumentStoreError.system("cannot write", path: "/data", errno: ENOSPC).code == .noSpace)
    }

    @Test("a failed object-storage request keeps the S3Error as its cause, the location as its path")
    func storageRequest() throws {
        let failure = S3Error(.preconditionFailed, "items.archive changed", status: 412, s3Code: "PreconditionFailed")
        let error = DocumentStoreError.storage(failure, location: "s3://bucket/items.archive")
        #expect(error.code == .conflict)
        #expect(error.path == "s3://bucket/items.archive")
        #expect(error.message == "s3://bucket/items.archive: items.archive changed")
        let cause = try #require(error.cause as? S3Error)
        #expect(cause.status == 412)
        #expect(cause.s3Code == "PreconditionFailed")
    }

    @Test("StorageConnectError's kind is its code, the first request's failure its cause")
    func storageConnectError() throws {
        let failure = S3Error(.accessDenied, "refused", status: 403, s3Code: "InvalidAccessKeyId")
        let error = StorageConnectError(failure: failure, location: try S3Location(parsing: "s3://bucket/data"), endpoint: "http://127.0.0.1:9000")
        #expect(error.kind == .refused)
        #expect(error.code == StorageConnectError.Kind.refused)
        #expect(error.message.contains("(InvalidAccessKeyId)"))
        #expect(try #require(error.cause as? S3Error).code == .accessDenied)
        #expect(StorageConnectError(.configuration, "no region").cause == nil)
    }

    @Test("ArchiveError keeps the byte offset and object number as details, equal by code and message")
    func archiveError() {
        let error = ArchiveError(.corruptBinary, "object 7 refers to missing object 40", offset: 128, object: 7)
        #expect(error.offset == 128)
        #expect(error.object == 7)
        #expect(error.details?.offset == 128)
        #expect(error.isStructural)
        #expect(!ArchiveError(.typeMismatch, "not a string").isStructural)
        #expect(error == ArchiveError(.corruptBinary, "object 7 refers to missing object 40"))
    }

    @Test("S3Error keeps the answer's status and S3 code as details, equal by code and message")
    func s3Error() {
        let error = S3Error(.other, "PUT a answered 409 OperationAborted", status: 409, s3Code: "OperationAborted")
        #expect(error.status == 409)
        #expect(error.s3Code == "OperationAborted")
        #expect(error.details?.status == 409)
        #expect(error == S3Error(.other, "PUT a answered 409 OperationAborted"))
        #expect(S3Error(.badResponse, "no ETag").status == nil)
    }
}
