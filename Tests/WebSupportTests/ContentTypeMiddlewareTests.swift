import Hummingbird
import Testing
@testable import WebSupport

@Suite("A Content-Type that repeats a parameter is found as swift-openapi-runtime would trap on it")
struct ContentTypeMiddlewareTests {
    @Test("repeats exactly or in any case, after white space, across two joined headers and under Unicode lowercasing are found; distinct or malformed parameters are not")
    func repeatedParameters() {
        let repeated: [(String, String)] = [
            ("application/json; charset=utf-8; Charset=utf-8", "Charset"),
            ("application/json;charset=a;CHARSET=b", "CHARSET"),
            ("multipart/form-data; boundary=x; q=1; Q=1", "Q"),
            ("application/json; a=1, text/plain; A=2", "A"),
            ("application/json;\u{85}x=1; X=2", "X"),
            ("application/json; k=1; \u{212A}=2", "\u{212A}"),
            ("application/json; a==1; A=2", "A"),
            ("application/json; a=1; a=2", "a"),
            // Split inside the quotes, as the runtime splits it.
            ("multipart/form-data; boundary=\"a;b=c\"; B=1", "B"),
        ]
        for (value, name) in repeated {
            #expect(ContentTypeMiddleware<BasicRequestContext>.repeatedParameter(in: value) == name, "\(value)")
        }
        let fine = [
            "application/json", "application/json; charset=utf-8",
            "application/json; a=1; a =2", "application/json; a; A", "application/json; a=1=2; A=3", "",
        ]
        for value in fine {
            #expect(ContentTypeMiddleware<BasicRequestContext>.repeatedParameter(in: value) == nil, "\(value)")
        }
    }
}
