import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One S3 request before signing.
struct S3Request: Sendable {
    var method: String
    /// The object's key; nil for the bucket itself (a listing).
    var key: String?
    var query: [(name: String, value: String)] = []
    var headers: [(name: String, value: String)] = []
    var body = Data()
    /// The most bytes of answer accepted.
    var maxResponseBytes: Int
}

/// An answer: status, headers and the body read whole.
struct S3Answer: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: Data
    /// Made up for a lost write that landed and has been replaced since.
    var superseded = false

    /// An answer made up by the client (what a lost write turned out to have done).
    static func synthetic(status: Int, etag: String? = nil) -> S3Answer {
        var headers = HTTPHeaders()
        if let etag { headers.add(name: "ETag", value: etag) }
        return S3Answer(status: status, headers: headers, body: Data())
    }

    func etag() throws -> String {
        guard let etag = headers.first(name: "etag"), !etag.isEmpty else {
            throw S3Error(.badResponse, "the storage answered \(status) without an ETag", status: status)
        }
        return etag
    }

    /// The `x-amz-meta-*` headers, names lower-case without the prefix.
    var metadata: [String: String] {
        var metadata: [String: String] = [:]
        for header in headers where header.name.lowercased().hasPrefix("x-amz-meta-") {
            metadata[String(header.name.lowercased().dropFirst(11))] = header.value
        }
        return metadata
    }

    /// S3's error code from the XML body, if any.
    var s3Code: String? { S3XML.errorAnswer(body)?.code }

    /// Whether trying again may succeed: server errors, `SlowDown`, a request S3 timed out,
    /// a conditional write that raced another.
    var isRetryable: Bool {
        switch status {
        case 500, 502, 503, 504, 429: return true
        case 400: return s3Code == "RequestTimeout"
        case 409: return s3Code == "ConditionalRequestConflict"
        default: return false
        }
    }

    /// The typed error for an answer that was not a success.
    func failure(key: String) -> S3Error {
        let answer = S3XML.errorAnswer(body)
        let detail = answer.map { " \($0.code ?? "")\($0.message.map { ": \($0)" } ?? "")" } ?? ""
        let code: S3Error.Code
        switch status {
        case 404: code = .notFound
        case 412, 304: code = .preconditionFailed
        case 401, 403: code = .accessDenied
        default: code = .other
        }
        let what: String
        switch code {
        case .notFound: what = answer?.code == "NoSuchBucket" ? "no such bucket" : "no object \(key)"
        case .preconditionFailed: what = "\(key) changed: the condition of the write no longer holds"
        case .accessDenied: what = "the storage refused the credentials"
        default: what = "the storage answered \(status) for \(key)"
        }
        return S3Error(code, what + (detail.isEmpty ? "" : " (\(detail.dropFirst()))"), status: status, s3Code: answer?.code)
    }
}

/// What looking at a write whose answer was lost decided.
enum Resolution: Sendable {
    /// It did not land and its condition still holds: send it again.
    case retry
    /// The outcome is known: this answer stands for it.
    case answer(S3Answer)
}

/// Finds out what a lost write did.
typealias Resolver = @Sendable () async throws -> Resolution

extension S3Client {
    /// Sends a request until it gets an answer that stands, within the retry policy (`retry`
    /// and `requestTimeout` in place of the settings' for this request, when given).
    func perform(
        _ request: S3Request, resolvingLostAnswers resolve: Resolver? = nil, retry: RetryPolicy? = nil, requestTimeout: Duration? = nil
    ) async throws -> S3Answer {
        let retry = retry ?? settings.retry
        let requestTimeout = requestTimeout ?? settings.requestTimeout
        let clock = ContinuousClock()
        let deadline = clock.now + retry.deadline
        var generator = SystemRandomNumberGenerator()
        var lastAnswer: S3Answer?
        var lastError: (any Error)?
        var attempt = 0
        while true {
            attempt += 1
            if attempt > 1, let resolve {
                switch try await resolve() {
                case .retry: break
                case .answer(let answer): return answer
                }
            }
            do {
                let answer = try await send(request, until: min(deadline, clock.now + requestTimeout))
                guard answer.isRetryable else { return answer }
                lastAnswer = answer
            } catch let error as S3Error {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch is AllConnectionsBusy where Task.isCancelled {
                throw CancellationError()
            } catch {
                lastError = error
            }
            let delay = retry.delay(afterAttempt: attempt, using: &generator)
            guard attempt < retry.maxAttempts, clock.now + delay < deadline else { break }
            try await Task.sleep(for: delay)
        }
        if let lastAnswer {
            let code = lastAnswer.s3Code
            throw S3Error(
                .unavailable,
                "the storage stays unavailable: \(request.method) \(request.key ?? bucket) answered \(lastAnswer.status)\(code.map { " \($0)" } ?? "") \(attempt) times",
                status: lastAnswer.status, s3Code: code
            )
        }
        if lastError is AllConnectionsBusy {
            throw S3Error(
                .unavailable,
                "the storage at \(endpointDescription) is too slow: all \(max(1, settings.maxConnections)) connections stayed busy until \(request.method) \(request.key ?? bucket) gave up",
                cause: lastError
            )
        }
        throw S3Error(.unreachable, "cannot reach the storage at \(endpointDescription): \(Self.describe(lastError))", cause: lastError)
    }

    /// `scheme://host[:port]`.
    var endpointDescription: String {
        "\(settings.scheme)://\(settings.hostHeader(bucket: bucket))"
    }

    /// One attempt: waits for a free connection (``RequestSlots``), then signs the request and
    /// sends it, all before `deadline`.
    /// - Throws: ``AllConnectionsBusy`` when no connection came free in time.
    func send(_ request: S3Request, until deadline: ContinuousClock.Instant) async throws -> S3Answer {
        guard await slots.take(until: deadline) else { throw AllConnectionsBusy() }
        do {
            let answer = try await exchange(request, until: deadline)
            await slots.give()
            return answer
        } catch {
            await slots.give()
            throw error
        }
    }

    /// Signs the request now and sends it on a connection of the pool.
    private func exchange(_ request: S3Request, until deadline: ContinuousClock.Instant) async throws -> S3Answer {
        let path = settings.pathStyle ? "/\(bucket)" + (request.key.map { "/\($0)" } ?? "") : "/" + (request.key ?? "")
        let host = settings.hostHeader(bucket: bucket)
        var headers = request.headers
        headers.insert(("Host", host), at: 0)
        let payloadHash = SigV4Signer.hexSHA256(request.body)
        let signature = signer.sign(SignableRequest(method: request.method, path: path, query: request.query, headers: headers, payloadHash: payloadHash), at: Date())
        let target = signature.encodedPath + (signature.encodedQuery.isEmpty ? "" : "?" + signature.encodedQuery)
        var outgoing = HTTPClientRequest(url: "\(settings.scheme)://\(host)\(target)")
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in signature.headers where header.name != "Content-Length" {
            outgoing.headers.add(name: header.name, value: header.value)
        }
        if request.method == "PUT" {
            outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        }
        let remaining = ContinuousClock.now.duration(to: deadline)
        let response = try await http.execute(outgoing, deadline: .now() + TimeAmount(max(remaining, .milliseconds(1))))
        if let length = response.headers.first(name: "content-length").flatMap({ Int($0) }), length > request.maxResponseBytes,
           request.method != "HEAD", (200..<300).contains(Int(response.status.code)) {
            throw S3Error(.tooLarge, "\(request.key ?? bucket) is \(length) bytes, more than the \(request.maxResponseBytes) allowed", status: Int(response.status.code))
        }
        let body: ByteBuffer
        do {
            body = try await response.body.collect(upTo: max(request.maxResponseBytes, 64 << 10))
        } catch is NIOTooManyBytesError {
            throw S3Error(.tooLarge, "the answer for \(request.key ?? bucket) is larger than \(request.maxResponseBytes) bytes", status: Int(response.status.code))
        }
        return S3Answer(status: Int(response.status.code), headers: response.headers, body: Data(body.readableBytesView))
    }

    static func describe(_ error: (any Error)?) -> String {
        guard let error else { return "no answer" }
        if let client = error as? HTTPClientError {
            switch client {
            case .connectTimeout: return "connecting timed out"
            case .readTimeout, .deadlineExceeded: return "no answer in time"
            case .remoteConnectionClosed: return "the connection was closed"
            default: return "\(client)"
            }
        }
        return "\(error)"
    }
}

/// No connection of the pool came free before an attempt's deadline (or the task was cancelled
/// while it waited).
struct AllConnectionsBusy: Error {}
