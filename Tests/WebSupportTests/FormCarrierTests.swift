import HTTPTypes
import Hummingbird
import NIOCore
import Testing
import WebSupport
import WebTestSupport

@Suite("FormCarrier: what a form post carries to the page its redirect shows")
struct FormCarrierTests {
    private func request(_ path: String, cookie: String? = nil) -> Request {
        var fields = HTTPFields()
        if let cookie { fields[.cookie] = cookie }
        return Request(head: HTTPRequest(method: .get, scheme: "http", authority: "localhost:8081", path: path, headerFields: fields), body: RequestBody(buffer: ByteBuffer()))
    }

    /// The `name=value` part of the redirect's cookie.
    private func cookie(of response: Response) -> String? {
        response.headers[.setCookie].map { String($0.prefix { $0 != ";" }) }
    }

    @Test("a 303 to the page with an HttpOnly, SameSite=Strict cookie of the app and port; the page's GET takes the payload once, a reload finds nothing")
    func carriedOnce() async throws {
        let carrier = FormCarrier<String>(appName: "homepwner")
        let response = await carrier.redirect(to: "/items/K?x=1", carrying: "A name cannot be empty.", request: request("/items"))
        #expect(response.status == .seeOther)
        #expect(response.headers[.location] == "/items/K?x=1")
        let setCookie = try #require(response.headers[.setCookie])
        #expect(setCookie.hasPrefix("homepwner_carried_8081="))
        #expect(setCookie.hasSuffix("; Path=/; Max-Age=300; HttpOnly; SameSite=Strict"))
        let sent = cookie(of: response)
        #expect(await carrier.take(for: request("/", cookie: sent)) == nil)
        #expect(await carrier.take(for: request("/items/K", cookie: sent)) == "A name cannot be empty.")
        #expect(await carrier.take(for: request("/items/K", cookie: sent)) == nil)
        #expect(await carrier.take(for: request("/items/K", cookie: "homepwner_carried_8081=0000")) == nil)
    }

    @Test("at most `capacity` payloads wait: the oldest is forgotten first, and a taken one frees its place")
    func bounded() async throws {
        let carrier = FormCarrier<Int>(appName: "a", capacity: 3)
        var cookies: [String?] = []
        for index in 0..<5 {
            cookies.append(cookie(of: await carrier.redirect(to: "/", carrying: index, request: request("/"))))
        }
        #expect(await carrier.count == 3)
        #expect(await carrier.take(for: request("/", cookie: cookies[0])) == nil)
        #expect(await carrier.take(for: request("/", cookie: cookies[1])) == nil)
        #expect(await carrier.take(for: request("/", cookie: cookies[2])) == 2)
        #expect(await carrier.count == 2)
        for index in 5..<2_000 {
            let response = await carrier.redirect(to: "/", carrying: index, request: request("/"))
            #expect(await carrier.take(for: request("/", cookie: cookie(of: response))) == index)
        }
        #expect(await carrier.count == 2)
    }

    @Test("a payload is kept for its lifetime and forgotten after it")
    func expires() async throws {
        let time = ManualTime()
        let carrier = FormCarrier<Int>(appName: "a", lifetime: .seconds(300), now: time.now)
        let kept = await carrier.redirect(to: "/", carrying: 1, request: request("/"))
        time.advance(by: .seconds(299))
        #expect(await carrier.take(for: request("/", cookie: cookie(of: kept))) == 1)
        let forgotten = await carrier.redirect(to: "/", carrying: 2, request: request("/"))
        time.advance(by: .seconds(300))
        #expect(await carrier.take(for: request("/", cookie: cookie(of: forgotten))) == nil)
        #expect(await carrier.count == 0)
    }
}
