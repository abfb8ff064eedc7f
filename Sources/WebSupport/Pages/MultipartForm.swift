import Foundation
import HTTPTypes

/// The parts of a `multipart/form-data` body, as a browser's plain form sends files.
///
/// Bounded and total: a body without its boundary, a part without headers or a boundary longer
/// than RFC 2046's 70 characters is refused with ``MultipartForm/Failure``, never trapped on.
/// Work stays proportional to the body: a part's headers are looked for in their first
/// ``maxHeaderBytes`` only, and a form with more than ``maxParts`` parts, a part with more than
/// ``maxHeaderLines`` header lines or a file name over ``maxFilenameBytes`` is refused as soon
/// as it is seen (400, or 413 for too many parts).
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

    /// The most parts a form may have.
    public static let maxParts = 100
    /// The most bytes of one part's headers.
    public static let maxHeaderBytes = 8 << 10
    /// The most header lines of one part.
    public static let maxHeaderLines = 16
    /// The longest file name, in bytes of UTF-8.
    public static let maxFilenameBytes = 1024

    /// Why a body could not be read as a form.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, in words.
        public var description: String
        /// The answer it deserves: 422 for a form that says something unusable (the page says
        /// why), 400 or 413 for one past the bounds (refused at once).
        public var status: HTTPResponse.Status

        /// Creates a failure saying `description`.
        public init(description: String, status: HTTPResponse.Status = .unprocessableContent) {
            self.description = description
            self.status = status
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
            guard parts.count < Self.maxParts else {
                throw Failure(description: "the form has more than \(Self.maxParts) parts", status: .contentTooLarge)
            }
            guard rest.starts(with: Data("\r\n".utf8)) else {
                throw Failure(description: "a part of the form is malformed")
            }
            let window = (cursor + 2)..<min(bytes.endIndex, cursor + 2 + Self.maxHeaderBytes + headerEnd.count)
            guard let headersEnd = bytes.range(of: headerEnd, in: window) else {
                if window.upperBound < bytes.endIndex {
                    throw Failure(description: "a part of the form has more than \(Self.maxHeaderBytes / 1024) KiB of headers", status: .badRequest)
                }
                throw Failure(description: "a part of the form is malformed")
            }
            let headerText = String(decoding: bytes[(cursor + 2)..<headersEnd.lowerBound], as: UTF8.self)
            guard let next = bytes.range(of: separator, in: headersEnd.upperBound..<bytes.endIndex) else {
                throw Failure(description: "the form ends before its last boundary")
            }
            if let part = try Self.part(headers: headerText, data: Data(bytes[headersEnd.upperBound..<next.lowerBound])) {
                parts.append(part)
            }
            cursor = next.upperBound
        }
        throw Failure(description: "the form ends before its last boundary")
    }

    /// The parts named `name`.
    public func parts(named name: String) -> [Part] { parts.filter { $0.name == name } }

    private static func part(headers: String, data: Data) throws -> Part? {
        var name: String?
        var filename: String?
        var contentType: String?
        let lines = headers.split(separator: "\r\n")
        guard lines.count <= maxHeaderLines else {
            throw Failure(description: "a part of the form has more than \(maxHeaderLines) header lines", status: .badRequest)
        }
        for line in lines {
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
        if let filename, filename.utf8.count > maxFilenameBytes {
            throw Failure(description: "a file name in the form is longer than \(maxFilenameBytes) bytes", status: .badRequest)
        }
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
