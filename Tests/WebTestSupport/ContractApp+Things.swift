import Foundation
import HTTPTypes
import Hummingbird
import OpenAPIRuntime
import Synchronization
import WebSupport

extension ContractApp {
    /// The things of one ``ContractApp`` and the event streams that follow them, in memory.
    final class Things: Sendable {
        private struct Thing {
            var title: String
            var version = 1
            var photo: Data?
        }

        private struct State {
            var things: [Int: Thing] = [:]
            var listeners: [Int: AsyncStream<String>.Continuation] = [:]
            var nextListener = 0
        }

        private let state = Mutex(State())

        /// Adds the API's handlers to `router`.
        func addRoutes(to router: Router<BasicRequestContext>) {
            router.get("/api/things") { _, _ in self.list() }
            router.post("/api/things") { request, context in try await self.add(request, context) }
            router.get("/api/things/{id}") { _, context in try self.thing(context) }
            router.patch("/api/things/{id}") { request, context in try await self.change(request, context) }
            router.get("/api/things/{id}/photo") { request, context in try await self.photo(request, context, thumbnail: false) }
            router.get("/api/things/{id}/thumbnail") { request, context in try await self.photo(request, context, thumbnail: true) }
            router.put("/api/things/{id}/photo") { request, context in try await self.putPhoto(request, context) }
            router.get("/api/events") { _, _ in self.events() }
        }

        /// Adds the pages: a thing's page with its form, the form that retitles it, and the
        /// photo form (a multipart upload), all behind ``WebSupport/FormGuardMiddleware``.
        func addPages(to router: Router<BasicRequestContext>) {
            router.get("/things/{id}") { _, context in try self.page(context) }
            router.post("/things/{id}") { _, context in try self.retitle(context) }
            router.post("/things/{id}/photo") { _, context in try self.photoForm(context) }
        }

        /// A thing's page: one form, carrying the token ``WebSupport/FormGuardMiddleware`` gives it.
        private func page(_ context: BasicRequestContext) throws -> Response {
            let id = try Self.id(context)
            guard state.withLock({ $0.things[id] }) != nil else { throw APIError.notFound("there is no thing \(id)") }
            let html = """
                <!doctype html><title>Thing \(id)</title><form method="post" action="/things/\(id)">\
                <input type="hidden" name="\(FormToken.field)" value="\(FormToken.current ?? "")"><input name="title"></form>
                """
            return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
        }

        /// The page's form: the thing takes the form's `title`, and the browser is sent back to its page.
        private func retitle(_ context: BasicRequestContext) throws -> Response {
            let id = try Self.id(context)
            guard case .fields(let form)? = SubmittedForm.current, let title = form["title"] else { throw APIError.badRequest("the form has no title") }
            try state.withLock { state in
                guard state.things[id] != nil else { throw APIError.notFound("there is no thing \(id)") }
                state.things[id]?.title = title
                state.things[id]?.version += 1
            }
            return Response(status: .seeOther, headers: [.location: "/things/\(id)"])
        }

        /// The photo form: a multipart body that the middleware read, and the browser sent back.
        private func photoForm(_ context: BasicRequestContext) throws -> Response {
            let id = try Self.id(context)
            guard case .parts? = SubmittedForm.current else { throw APIError.badRequest("the photo form is multipart") }
            return Response(status: .seeOther, headers: [.location: "/things/\(id)"])
        }

        private func list() -> Response {
            let titles = state.withLock { state in state.things.keys.sorted().map { "{\"id\":\($0),\"title\":\(Self.quoted(state.things[$0]?.title ?? ""))}" } }
            return Self.json("{\"things\":[\(titles.joined(separator: ","))]}")
        }

        private func add(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
            let title = try await Self.title(request, context)
            let id = state.withLock { state in
                let id = (state.things.keys.max() ?? 0) + 1
                state.things[id] = Thing(title: title)
                return id
            }
            let event = ChangeEvent.encode(id: "\(id)", kind: "created", subjectKey: "id", subject: id, version: "1")
            for listener in state.withLock({ Array($0.listeners.values) }) { listener.yield(event) }
            var response = try thing(id)
            response.status = .created
            response.headers[.location] = "/api/things/\(id)"
            return response
        }

        private func change(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
            let title = try await Self.title(request, context)
            let id = try Self.id(context)
            try state.withLock { state in
                guard state.things[id] != nil else { throw APIError.notFound("there is no thing \(id)") }
                state.things[id]?.title = title
                state.things[id]?.version += 1
            }
            return try thing(id)
        }

        private func thing(_ context: BasicRequestContext) throws -> Response { try thing(try Self.id(context)) }

        private func thing(_ id: Int) throws -> Response {
            guard let thing = state.withLock({ $0.things[id] }) else { throw APIError.notFound("there is no thing \(id)") }
            var response = Self.json("{\"id\":\(id),\"title\":\(Self.quoted(thing.title))}")
            response.headers[.eTag] = "\"\(thing.version)\""
            return response
        }

        /// A thing's photo or thumbnail, answered by ``WebSupport/PhotoAnswer`` as both apps' are.
        private func photo(_ request: Request, _ context: BasicRequestContext, thumbnail: Bool) async throws -> Response {
            let id = try Self.id(context)
            let (ifNoneMatch, range, ifRange) = (request.headers[.ifNoneMatch], request.headers[.range], request.headers[.ifRange])
            let photos = ThingPhotos(things: self)
            let answer: FileResponse = thumbnail
                ? try await PhotoAnswer.thumbnail(of: id, in: photos, ifNoneMatch: ifNoneMatch, range: range, ifRange: ifRange)
                : try await PhotoAnswer.photo(of: id, in: photos, ifNoneMatch: ifNoneMatch, range: range, ifRange: ifRange)
            return answer.response
        }

        /// Thing `id`'s photo, nil when it has none.
        ///
        /// - Throws: ``WebSupport/APIError`` 404 when there is no such thing.
        fileprivate func storedPhoto(_ id: Int) throws -> Data? {
            try state.withLock { state in
                guard let thing = state.things[id] else { throw APIError.notFound("there is no thing \(id)") }
                return thing.photo
            }
        }

        private func putPhoto(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
            let id = try Self.id(context)
            var request = request
            let bytes = Data(buffer: try await request.collectBody(upTo: .max))
            try state.withLock { state in
                guard state.things[id] != nil else { throw APIError.notFound("there is no thing \(id)") }
                state.things[id]?.photo = bytes
            }
            return Self.json("{\"bytes\":\(bytes.count)}")
        }

        private func events() -> Response {
            let (events, continuation) = AsyncStream<String>.makeStream()
            let listener = state.withLock { state in
                defer { state.nextListener += 1 }
                state.listeners[state.nextListener] = continuation
                return state.nextListener
            }
            continuation.onTermination = { _ in _ = self.state.withLock { $0.listeners.removeValue(forKey: listener) } }
            let body = ServerSentEvents.body(of: events) { $0 }
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: ResponseBody(asyncSequence: body.map { ByteBuffer(bytes: $0) })
            )
        }

        /// The `title` of a JSON request body.
        private static func title(_ request: Request, _ context: BasicRequestContext) async throws -> String {
            var request = request
            let data = Data(buffer: try await request.collectBody(upTo: context.maxUploadSize))
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let title = object["title"] as? String else {
                throw APIError.badRequest("the body must be a JSON object with a title")
            }
            return title
        }

        private static func id(_ context: BasicRequestContext) throws -> Int {
            guard let id = context.parameters.get("id").flatMap({ Int($0) }) else { throw APIError.notFound("there is no such thing") }
            return id
        }

        private static func quoted(_ text: String) -> String {
            String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
        }

        private static func json(_ text: String) -> Response {
            Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
    }
}

/// The things' photos as ``WebSupport/PhotoAnswer`` reaches them: a thing's thumbnail is its
/// photo's bytes reversed (any other bytes, so a mix-up shows).
private struct ThingPhotos: PhotoStore {
    let things: ContractApp.Things

    func photoFile(of id: Int) async throws -> StoredFile<String>? {
        try things.storedPhoto(id).map { StoredFile(bytes: $0, kind: "image/png") }
    }

    func thumbnailFile(of id: Int) async throws -> StoredFile<String>? {
        try things.storedPhoto(id).map { StoredFile(bytes: Data($0.reversed()), kind: "image/png") }
    }

    func setImage(_ image: Data, of id: Int) async throws -> Int {
        throw APIError.badRequest("the contract app's photos are put by its own route")
    }

    func removeImage(of id: Int) async throws -> Int {
        throw APIError.badRequest("the contract app's photos are never removed")
    }

    func noPhoto(_ id: Int) -> APIError {
        .notFound("thing \(id) has no photo")
    }
}

/// A stored file's answer as a Hummingbird response: the contract app's stand-in for an app's
/// generated output (the kind is the media type).
private struct FileResponse: StoredFileResponse {
    let response: Response

    static func notModifiedAnswer() -> Self {
        FileResponse(response: Response(status: .notModified))
    }

    static func partialAnswer(_ body: HTTPBody, of kind: String, contentRange: String) -> Self {
        FileResponse(response: streamed(body, status: .partialContent, headers: [.contentType: kind, .contentRange: contentRange]))
    }

    static func wholeAnswer(_ body: HTTPBody, of kind: String, eTag: String) -> Self {
        FileResponse(response: streamed(body, status: .ok, headers: [.contentType: kind, .eTag: eTag, .cacheControl: "no-cache"]))
    }

    private static func streamed(_ body: HTTPBody, status: HTTPResponse.Status, headers: HTTPFields) -> Response {
        var length: Int?
        if case .known(let count) = body.length { length = Int(count) }
        return Response(status: status, headers: headers, body: ResponseBody(contentLength: length) { writer in
            for try await chunk in body { try await writer.write(ByteBuffer(bytes: chunk)) }
            try await writer.finish(nil)
        })
    }
}
