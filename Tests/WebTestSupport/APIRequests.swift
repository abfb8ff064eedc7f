import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// JSON request headers.
public let jsonHeaders: HTTPFields = [.contentType: "application/json"]

/// A request body from a string.
public func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

/// A request body from bytes.
public func body(_ data: Data) -> ByteBuffer { ByteBuffer(bytes: data) }

/// A response body as a JSON object (the test fails when it is not one).
public func json(_ response: TestResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
}

/// The `{"error": {"code": …}}` of an error response.
public func errorCode(_ response: TestResponse) throws -> String? {
    (try json(response)["error"] as? [String: Any])?["code"] as? String
}

/// The `{"error": {"message": …}}` of an error response.
public func errorMessage(_ response: TestResponse) throws -> String? {
    (try json(response)["error"] as? [String: Any])?["message"] as? String
}
