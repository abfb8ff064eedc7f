import Foundation
import KeyedArchive

/// Reading the input file and detecting its form.
enum InputFile {
    /// The most bytes read from standard input (`-`): 1 GiB.
    static let maxStandardInput = 1 << 30

    /// The bytes of `path`, which must be a regular file; `-` reads standard input.
    static func read(_ path: String) throws -> Data {
        if path == "-" { return try readStandardInput() }
        // A link is followed, so what is checked is what is read (not a device behind a link).
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            throw ToolError(message: "\(path): no such file")
        }
        let type = attributes[.type] as? FileAttributeType
        guard type != .typeDirectory else { throw ToolError(message: "\(path): is a folder, not a file") }
        guard type == .typeRegular else { throw ToolError(message: "\(path): is not a regular file") }
        do {
            return try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw ToolError(message: "\(path): cannot be read")
        }
    }

    /// Standard input to its end, at most ``maxStandardInput`` bytes.
    private static func readStandardInput() throws -> Data {
        var data = Data()
        while let chunk = try? FileHandle.standardInput.read(upToCount: 1 << 20), !chunk.isEmpty {
            data.append(chunk)
            guard data.count <= maxStandardInput else {
                throw ToolError(message: "-: standard input is larger than \(maxStandardInput >> 20) MiB")
            }
        }
        return data
    }

    /// Whether `plist` is to be read as an `NSKeyedArchiver` archive: whether it says it is one
    /// (``KeyedArchive/KeyedUnarchiver/claimsKeyedArchive(_:)``), whole or not — one that
    /// cannot be read as an archive is reported, never taken for a plain plist.
    static func isKeyedArchive(_ plist: PropertyList) -> Bool {
        KeyedUnarchiver.claimsKeyedArchive(plist)
    }

    /// Parses binary, XML or JSON-form input with limits that follow its size; errors are
    /// prefixed with the path, and a limit names the option that raises it.
    /// `data`, when given, is the file's bytes already read (standard input can be read once).
    static func plist(at path: String, limits options: LimitOptions, data given: Data? = nil) throws -> (value: PropertyList, limits: ArchiveLimits) {
        let data = try given ?? read(path)
        let limits = options.limits(forInputBytes: data.count)
        do {
            let firstByte = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
            if PropertyListFormat.detect(data) == nil, firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "[") {
                return (try PropertyList(json: data, limits: limits), limits)
            }
            return (try PropertyList(data: data, limits: limits), limits)
        } catch let error as ArchiveError {
            throw ToolError(message: "\(path): \(error.message)\(hint(for: error))")
        }
    }

    /// For a limit error, which option raises the limit.
    static func hint(for error: ArchiveError) -> String {
        guard error.code == .limitExceeded else { return "" }
        let message = error.message
        if message.contains("in all") || message.contains("decoded") { return " (raise it with --max-values)" }
        if message.contains("nesting") || message.contains("nested") { return " (raise it with --max-depth)" }
        if message.contains("elements") || message.contains("entries") { return " (raise it with --max-collection)" }
        if message.contains("objects") || message.contains("values") { return " (raise it with --max-objects)" }
        if message.contains("long") { return " (raise it with --max-string)" }
        return ""
    }
}
