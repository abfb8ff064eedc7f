import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing
@testable import WebSupport

@Suite("PhotoAnswer: one photo and thumbnail answer for every app, from its PhotoStore")
struct PhotoAnswerTests {
    /// A store of one record's photo in memory, counting how often a file is looked for.
    private final class Photos: PhotoStore {
        private let state: Mutex<(photo: Data?, lookups: Int)>

        init(photo: Data?) { state = Mutex((photo, 0)) }

        var lookups: Int { state.withLock { $0.lookups } }

        func photoFile(of key: Int) async throws -> StoredFile<String>? {
            try file(key) { $0 }
        }

        func thumbnailFile(of key: Int) async throws -> StoredFile<String>? {
            try file(key) { Data($0.prefix(4)) }
        }

        private func file(_ key: Int, _ make: (Data) -> Data) throws -> StoredFile<String>? {
            try state.withLock { state in
                state.lookups += 1
                guard key == 1 else { throw APIError.notFound("there is no record \(key)") }
                return state.photo.map { StoredFile(bytes: make($0), kind: "image/png") }
            }
        }

        func setImage(_ image: Data, of key: Int) async throws -> Data? {
            state.withLock { $0.photo = image }
            return image
        }

        func removeImage(of key: Int) async throws -> Data? {
            state.withLock { $0.photo = nil }
            return nil
        }

        func noPhoto(_ key: Int) -> APIError { .notFound("record \(key) has no photo") }
    }

    /// What an app's generated output would carry, with the body read.
    private enum Answer: StoredFileResponse {
        case notModified
        case partial(HTTPBody, kind: String, contentRange: String)
        case whole(HTTPBody, kind: String, eTag: String)

        static func notModifiedAnswer() -> Self { .notModified }
        static func partialAnswer(_ body: HTTPBody, of kind: String, contentRange: String) -> Self { .partial(body, kind: kind, contentRange: contentRange) }
        static func wholeAnswer(_ body: HTTPBody, of kind: String, eTag: String) -> Self { .whole(body, kind: kind, eTag: eTag) }
    }

    private let photo = Data("a photo of ten".utf8)

    private func thumbnail(_ photos: Photos, ifNoneMatch: String? = nil, range: String? = nil, ifRange: String? = nil) async throws -> Answer {
        try await PhotoAnswer.thumbnail(of: 1, in: photos, ifNoneMatch: ifNoneMatch, range: range, ifRange: ifRange)
    }

    @Test("the thumbnail is answered as the photo is: whole with its hash as ETag, 304 for its tag, 206 for a range, the whole again for a stale If-Range")
    func thumbnailAnswers() async throws {
        let photos = Photos(photo: photo)
        let tag = EntityTag.of(Data(photo.prefix(4)))
        guard case .whole(let body, let kind, let eTag) = try await thumbnail(photos) else { Issue.record("not whole"); return }
        #expect(try await Data(collecting: body, upTo: 100) == Data("a ph".utf8))
        #expect(body.length == .known(4))
        #expect((kind, eTag) == ("image/png", tag))
        guard case .notModified = try await thumbnail(photos, ifNoneMatch: "W/\(tag)") else { Issue.record("not 304"); return }
        guard case .partial(let part, _, let contentRange) = try await thumbnail(photos, range: "bytes=1-2", ifRange: tag) else { Issue.record("not 206"); return }
        #expect(try await Data(collecting: part, upTo: 100) == Data(" p".utf8))
        #expect(contentRange == "bytes 1-2/4")
        guard case .whole = try await thumbnail(photos, range: "bytes=1-2", ifRange: "\"stale\"") else { Issue.record("not whole"); return }
        await #expect(throws: APIError.self) { try await thumbnail(photos, range: "bytes=4-") }
    }

    @Test("the photo streams its bytes in the range asked for")
    func photoRange() async throws {
        let photos = Photos(photo: photo)
        let answer: Answer = try await PhotoAnswer.photo(of: 1, in: photos, ifNoneMatch: nil, range: "bytes=-3", ifRange: nil)
        guard case .partial(let body, _, let contentRange) = answer else { Issue.record("not 206"); return }
        #expect(try await Data(collecting: body, upTo: 100) == Data("ten".utf8))
        #expect(contentRange == "bytes 11-13/14")
    }

    @Test("an over-long If-None-Match, Range or If-Range is 400 before the store is asked; no photo is the store's 404; no record its own error")
    func refusals() async throws {
        let photos = Photos(photo: nil)
        let long = String(repeating: "a", count: 201)
        for (ifNoneMatch, range, ifRange) in [(long, nil, nil), (nil, long, nil), (nil, nil, long)] as [(String?, String?, String?)] {
            let error = await #expect(throws: APIError.self) { try await thumbnail(photos, ifNoneMatch: ifNoneMatch, range: range, ifRange: ifRange) }
            #expect(error?.status == .badRequest)
        }
        #expect(photos.lookups == 0)
        let none = await #expect(throws: APIError.self) { try await thumbnail(photos) }
        #expect(none?.message == "record 1 has no photo")
        let noRecord = await #expect(throws: APIError.self) { let _: Answer = try await PhotoAnswer.photo(of: 2, in: photos, ifNoneMatch: nil, range: nil, ifRange: nil) }
        #expect(noRecord?.message == "there is no record 2")
    }

    @Test("a PUT stores the raw body or the form's photo field (other parts dropped), a DELETE removes it")
    func putAndDelete() async throws {
        let photos = Photos(photo: nil)
        #expect(try await PhotoAnswer.put(PhotoUpload<String>.file(HTTPBody("raw")), of: 1, in: photos, limit: 10) == Data("raw".utf8))
        let parts = MultipartBody(["note: a", "photo: formed", "photo: second"])
        let form = PhotoUpload.form(parts) { part in (part.hasPrefix("photo: "), HTTPBody(part)) }
        #expect(try await PhotoAnswer.put(form, of: 1, in: photos, limit: 20) == Data("photo: formed".utf8))
        #expect(try await PhotoAnswer.delete(of: 1, in: photos) == nil)
        await #expect(throws: APIError.self) { try await thumbnail(photos) }
    }

    @Test("an upload past the limit is 413 and a form without the photo field 400, and nothing is stored")
    func uploadRefusals() async throws {
        let photos = Photos(photo: nil)
        let tooLarge = await #expect(throws: APIError.self) { try await PhotoAnswer.put(PhotoUpload<String>.file(HTTPBody("eleven byte")), of: 1, in: photos, limit: 10) }
        #expect(tooLarge?.status == .contentTooLarge)
        let form = PhotoUpload.form(MultipartBody(["note: a"])) { part in (false, HTTPBody(part)) }
        let missing = await #expect(throws: APIError.self) { try await PhotoAnswer.put(form, of: 1, in: photos, limit: 10) }
        #expect(missing?.status == .badRequest)
        #expect(photos.lookups == 0)
        await #expect(throws: APIError.self) { try await thumbnail(photos) }
    }

    @Test("a file held in memory: its identity is EntityTag.of's tag unquoted, and a range outside it is clamped")
    func heldFile() async throws {
        let file = StoredFile(bytes: photo, kind: ())
        #expect("\"\(file.identity)\"" == EntityTag.of(photo))
        #expect(file.size == 14)
        #expect(try await Data(collecting: file.body(12..<20), upTo: 100) == Data("en".utf8))
    }
}
