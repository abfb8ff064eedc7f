import DocumentStore
import Foundation

/// A ``BlobStore`` that passes everything to `base`, except that a conditional read
/// (``BlobStore/read(_:ifChangedFrom:maxBytes:)``) is made at once and then held until
/// ``release()``: the fault of an answer that arrives after later requests' answers (a slow
/// connection, a busy client), injected where a test needs it.
struct HeldReadBlobStore: BlobStore {
    /// The store every call goes to.
    let base: any BlobStore
    /// Told once the held read has its answer; the read returns it after ``release()``.
    let gate = ReadGate()

    /// Holds conditional reads until released and tells when one has its answer.
    actor ReadGate {
        private var answered: [CheckedContinuation<Void, Never>] = []
        private var hasAnswer = false
        private var released = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        /// Notes that a read has its answer, then waits for ``release()``.
        func hold() async {
            hasAnswer = true
            for continuation in answered { continuation.resume() }
            answered = []
            if released { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        /// Returns once a held read has its answer.
        func untilAnswered() async {
            if hasAnswer { return }
            await withCheckedContinuation { answered.append($0) }
        }

        /// Lets every held read (and every later one) return.
        func release() {
            released = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    var description: String { base.description }
    var hasOtherWriters: Bool { true }
    func address(of name: String) -> String { base.address(of: name) }
    func exists() async throws -> Bool { try await base.exists() }
    func checkAnswers(within timeout: Duration) async throws { try await base.checkAnswers(within: timeout) }
    func prepare() async throws { try await base.prepare() }
    func read(_ name: String, maxBytes: Int) async throws -> StoredBlob? { try await base.read(name, maxBytes: maxBytes) }

    func read(_ name: String, ifChangedFrom version: String, maxBytes: Int) async throws -> BlobChange {
        let answer = try await base.read(name, ifChangedFrom: version, maxBytes: maxBytes)
        await gate.hold()
        return answer
    }

    func removeLeftovers() async { await base.removeLeftovers() }
    func open(_ name: String, maxBytes: Int) async throws -> OpenAttachment? { try await base.open(name, maxBytes: maxBytes) }
    func version(of name: String) async throws -> String? { try await base.version(of: name) }
    func versions(of names: [String]) async throws -> [String: String] { try await base.versions(of: names) }
    func list(startingWith prefix: String) async throws -> [String: String] { try await base.list(startingWith: prefix) }
    func names(startingWith prefix: String) async throws -> [String] { try await base.names(startingWith: prefix) }
    func visitEntries(_ visit: @escaping @Sendable (String) -> Bool) async throws { try await base.visitEntries(visit) }

    func write(
        _ name: String, mode: BlobWriteMode, history: [String], contentType: String?,
        lending encode: @escaping @Sendable (_ write: @Sendable (Data) throws -> Void) throws -> Void
    ) async throws -> BlobWritten {
        try await base.write(name, mode: mode, history: history, contentType: contentType, lending: encode)
    }

    func delete(_ name: String) async throws { try await base.delete(name) }
    func keepAside(_ name: String, as newName: String) async throws -> Bool { try await base.keepAside(name, as: newName) }
    func keepCopy(_ name: String, as newName: String) async throws -> Bool { try await base.keepCopy(name, as: newName) }

    func holdForWriting(lockName: String, holder: FolderLock.Holder, timeout: Duration) async throws -> FolderLock? {
        try await base.holdForWriting(lockName: lockName, holder: holder, timeout: timeout)
    }

    func followOtherWriters<Full: Sendable>(
        _ follow: BucketFollow, since: Date, full: @escaping @Sendable () async throws -> Full,
        handle: @escaping @Sendable (BucketFollow.Step<Full>) async -> Void
    ) async {
        await base.followOtherWriters(follow, since: since, full: full, handle: handle)
    }
}
