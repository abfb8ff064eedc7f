import HTTPTypes
import Hummingbird
import NIOCore
import Testing
import WebSupport

@Suite("RouteKinds: the app declares its uploads and event streams")
struct RouteKindsTests {
    private func request(_ method: HTTPRequest.Method, _ path: String) -> Request {
        Request(head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: path), body: RequestBody(buffer: ByteBuffer()))
    }

    @Test("an upload is a PUT or POST whose path matches a declared pattern segment by segment; an event stream a GET of one")
    func kinds() {
        let kinds = RouteKinds(uploads: ["/api/items/{itemKey}/photo", "/imports"], eventStreams: ["/api/events"])
        #expect(kinds.isUpload(request(.put, "/api/items/K/photo")))
        #expect(kinds.isUpload(request(.post, "/imports")))
        #expect(!kinds.isUpload(request(.get, "/api/items/K/photo")))
        #expect(!kinds.isUpload(request(.put, "/api/items/K/photo/extra")))
        #expect(!kinds.isUpload(request(.post, "/other/photo")))
        #expect(!kinds.isUpload(request(.post, "/x/imports")))
        #expect(kinds.isEventStream(request(.get, "/api/events")))
        #expect(!kinds.isEventStream(request(.post, "/api/events")))
        #expect(!RouteKinds().isUpload(request(.put, "/api/items/K/photo")))
    }
}
