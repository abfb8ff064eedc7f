import ArgumentParser
import DocumentStore
import Foundation
import Imaging

/// `--json`: machine-readable output instead of text for people.
public struct OutputOptions: ParsableArguments {
    /// Whether to print JSON.
    @Flag(name: .long, help: "Print JSON instead of text.")
    public var json = false

    /// Text output.
    public init() {}

    /// Prints the answer `json` makes, as ``printJSON(_:)`` prints it, with `--json`; otherwise
    /// writes the text `text` makes to stdout as it is. Only the one asked for is made, so
    /// neither form costs the other's work.
    ///
    /// - Throws: what `json` or `text` throws; an encoding error.
    public func write<Answer: Encodable>(json: () throws -> Answer, text: () async throws -> String) async throws {
        if self.json {
            try printJSON(try json())
        } else {
            FileHandle.standardOutput.write(Data(try await text().utf8))
        }
    }
}

/// Reads a photo file named on the command line, as an upload is read: a link is followed; a
/// FIFO, device or folder is refused at once, a file over the limit before it is read, and one
/// that is not an image after its first bytes. The reading runs on the blocking pool.
///
/// - Throws: `ImagingError`, which ``CommandLineTool`` reports with exit status 65 (data error).
public func readPhoto(_ path: String) async throws -> Data {
    try await BlockingPool.shared.run { try ImageUpload.read(contentsOf: path).data }
}
