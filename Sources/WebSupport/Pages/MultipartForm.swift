import Foundation

/// The parts of a `multipart/form-data` body, as a browser's plain form sends files.
///
/// Bounded and total: a body without its boundary, a part without headers or a boundary longer
/// than RFC 2046's 70 characters is refused with ``MultipartForm/Failure``, never trapped on.
public struct MultipartForm: Sendable {
    /// One field or file.
    public struct Part: Sendable, Equatable {
        /// The field's name (`name="…"`).
        public var name: String
        /// The file's name as the browser gave it (`filename="…"`), nil for a plain field.
        public var filename: String?
        /// The part's `Content-Type`, if given.
        public var contentType: String?
        /// The bytes.
        public var data: Data
    }

    /// Why a body could not be read as a form.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, in words.
        public var description: String

        /// Creates a failure saying `description`.
        public init(description: String) {
            self.description = description
        }
    }

    /// The parts, in order.
    public private(set) var parts: [Part] = []

    /// Reads `body` sent with `contentType` (`multipart/form-data; boundary=…`).
    ///
    /// - Throws: ``Failure`` for another content type or a body that is not such a form.
    public init(_ body: Data, contentType: String) throws {
        guard contentType.lowercased().hasPrefix("multipart/form-data"), let boundary = Self.parameter("boundary", in: contentType),
              (1...70).contains(boundary.utf8.count) else {
            throw Failure(description: "the form must be sent as multipart/form-data with a boundary")
        }
        let delimiter = Data("--\(boundary)".utf8)
        let bytes = body
        guard var cursor = bytes.range(of: delimiter)?.upperBound else {
            throw Failure(description: "the form has no parts")
        }
        let separator = Data("\r\n--\(boundary)".utf8)
        let headerEnd = Data("\r\n\r\n".utf8)
        while cursor < bytes.endIndex {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            let rest = bytes[cursor...]
            if rest.starts(with: Data("--".utf8)) { return }
            guard rest.starts(with: Data("\r\n".utf8)), let headersEnd = bytes.range(of: headerEnd, in: (cursor + 2)..<bytes.endIndex) else {
                throw Failure(description: "a part of the form is malformed")
            }
            let headerText = String(decoding: bytes[(cursor + 2)..<headersEnd.lowerBound], as: UTF8.self)
            guard let next = bytes.range(of: separator, in: headersEnd.upperBound..<bytes.endIndex) else {
                throw Failure(description: "the form ends before its last boundary")
            }
            if let part = Self.part(headers: headerText, data: Data(bytes[headersEnd.upperBound..<next.lowerBound])) {
                parts.append(part)
            }
            cursor = next.upperBound
        }
        throw Failure(description: "the form ends before its last boundary")
    }

    /// The parts named `name`.
    public func parts(named name: String) -> [Part] { parts.filter { $0.name == name } }

    private static func part(headers: String, data: Data) -> Part? {
        var name: String?
        var filename: String?
        var contentType: String?
        for line in headers.split(separator: "\r\n") {
            let pieces = line.split(separator: ":", maxSplits: 1)
            guard pieces.count == 2 else { continue }
            let field = pieces[0].trimmingCharacters(in: .whitespaces).lowercased()
            let value = pieces[1].trimmingCharacters(in: .whitespaces)
            if field == "content-disposition" {
                name = parameter("name", in: value)
                filename = parameter("filename", in: value)
            } else if field == "content-type" {
                contentType = value
            }
        }
        guard let name else { return nil }
        return Part(name: name, filename: filename, contentType: contentType, data: data)
    }

    /// The value of parameter `name` in a header value such as `form-data; name="photo"`.
    static func parameter(_ name: String, in value: String) -> String? {
        for piece in value.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            var text = pair[1].trimmingCharacters(in: .whitespaces)
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
            return text
        }
        return nil
    }
}
