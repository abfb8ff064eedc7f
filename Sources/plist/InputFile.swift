import Foundation
import KeyedArchive

/// Reading the input file and detecting its form.
enum InputFile {
    /// The bytes of `path`.
    static func read(_ path: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ToolError(message: "\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw ToolError(message: "\(path): is a folder, not a file") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ToolError(message: "\(path): cannot be read")
        }
    }

    /// Parses binary, XML or JSON-form input; errors are prefixed with the path.
    static func plist(at path: String) throws -> PropertyList {
        let data = try read(path)
        do {
            let firstByte = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
            if PropertyListFormat.detect(data) == nil, firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "[") {
                return try PropertyList(json: data)
            }
            return try PropertyList(data: data)
        } catch let error as ArchiveError {
            throw ToolError(message: "\(path): \(error.message)")
        }
    }
}
