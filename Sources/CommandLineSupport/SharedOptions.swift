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
}

/// Reads a photo file named on the command line, as an upload is read: a link is followed; a
/// FIFO, device or folder is refused at once, a file over the limit before it is read, and one
/// that is not an image after its first bytes. The reading runs on the blocking pool.
///
/// - Throws: `ImagingError`, which ``CommandLineTool`` reports with exit status 65 (data error).
public func readPhoto(_ path: String) async throws -> Data {
    try await BlockingPool.shared.run { try ImageUpload.read(contentsOf: path).data }
}
