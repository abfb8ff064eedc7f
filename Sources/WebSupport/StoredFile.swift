import Foundation
import OpenAPIRuntime

/// A stored file ready to answer a `GET` (``StoredFileAnswer``): a photo opened for streaming, a
/// thumbnail held in memory — its identity (an ETag's contents), size and kind, and its bytes in
/// any range.
public struct StoredFile<Kind: Sendable>: Sendable {
    /// An opaque token that changes whenever the file does: the ETag's contents.
    public let identity: String
    /// Its size in bytes.
    public let size: Int
    /// What tells its media type (an image format).
    public let kind: Kind
    private let stream: @Sendable (Range<Int>) -> HTTPBody

    /// A file streamed by `chunks`, from the file opened before (a file replaced meanwhile does
    /// not tear this one).
    public init<Chunks: AsyncSequence & Sendable>(
        identity: String, size: Int, kind: Kind, chunks: @escaping @Sendable (Range<Int>) -> Chunks
    ) where Chunks.Element == HTTPBody.ByteChunk {
        self.identity = identity
        self.size = size
        self.kind = kind
        stream = { bytes in HTTPBody(chunks(bytes), length: .known(Int64(bytes.count)), iterationBehavior: .single) }
    }

    /// A file held as `bytes`, its identity their hash (``EntityTag/identity(of:)``), so the same
    /// bytes made again keep the same ETag.
    public init(bytes: Data, kind: Kind) {
        identity = EntityTag.identity(of: bytes)
        size = bytes.count
        self.kind = kind
        stream = { range in
            let clamped = range.clamped(to: 0..<bytes.count)
            return HTTPBody(bytes.subdata(in: (bytes.startIndex + clamped.lowerBound)..<(bytes.startIndex + clamped.upperBound)))
        }
    }

    /// The bytes in `range` as a response body of known length.
    func body(_ range: Range<Int>) -> HTTPBody {
        stream(range)
    }
}
