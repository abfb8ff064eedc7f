import Foundation

/// Collects an upload's bytes as they arrive, under ``ImageLimits``, and refuses it as soon as
/// the bytes allow: past the size limit, not an image (from the first 32 bytes), an unsupported
/// format, or a header declaring too many pixels — without waiting for the rest.
///
/// Feed it any stream (a request body's chunks, a file's reads) with ``append(_:)``, then take
/// the checked upload with ``finish()``. ``ImageUpload/read(from:name:limits:)`` uses it for
/// files. Memory is bounded by the size limit: never more than `maxEncodedBytes` are kept.
public struct CappedImageReader: Sendable {
    /// The limits applied.
    public let limits: ImageLimits
    /// The name used in error messages ("spider.jpg", "the upload").
    public let name: String
    /// The bytes received so far.
    public private(set) var data = Data()
    /// The header's information, once the bytes received contain the header.
    public private(set) var info: ImageInfo?
    private var decided = false
    /// How far into the bytes a header is looked for while they arrive; a header that ends
    /// later (a JPEG after megabytes of APPn segments, a PNG after big text chunks) is read by
    /// ``finish()``.
    static let headerSearchBytes = 1 << 20
    /// The size at which the header is looked for next: doubling, so that however small the
    /// chunks, the parsing costs at most twice the bytes.
    private var nextAttempt = 1

    /// Creates a reader for an upload called `name` in messages.
    public init(name: String, limits: ImageLimits = .default) {
        self.name = name
        self.limits = limits
    }

    /// Adds the next bytes of the upload.
    ///
    /// - Throws: ``ImagingError`` `.tooLarge` ("… is larger than 25 MB") once more than
    ///   `maxEncodedBytes` arrived, or the header declares more than `maxPixels`;
    ///   `.notAnImage`, `.unsupportedFormat`, `.corrupt` or `.invalidDimensions` as soon as the
    ///   header shows it. After an error the reader must not be used again.
    public mutating func append(_ bytes: some DataProtocol) throws {
        guard bytes.count <= limits.maxEncodedBytes - data.count else { throw tooLarge() }
        data.append(contentsOf: bytes)
        guard !decided, data.count >= nextAttempt else { return }
        nextAttempt = data.count * 2
        do {
            if let info = try ImageInfo.read(prefix: data) {
                decided = true
                try info.checkPixels(limits)
                self.info = info
            } else if data.count >= Self.headerSearchBytes {
                decided = true  // finish() reads the header from the whole file
            }
        } catch let error as ImagingError {
            throw named(error)
        }
    }

    /// The whole upload, checked.
    ///
    /// - Throws: ``ImagingError`` as ``ImageInfo/read(_:)`` does for a file that ended before its
    ///   header did (an empty file is `.notAnImage`).
    public func finish() throws -> ImageUpload {
        if let info { return ImageUpload(data: data, info: info) }
        guard !data.isEmpty else { throw ImagingError(.notAnImage, "\(name) is empty, not an image") }
        do {
            let info = try ImageInfo.read(data)
            try info.checkPixels(limits)
            return ImageUpload(data: data, info: info)
        } catch let error as ImagingError {
            throw named(error)
        }
    }

    /// "spider.jpg is larger than 25 MB".
    func tooLarge(size: Int? = nil) -> ImagingError {
        let actual = size.map { " (it is \($0) bytes)" } ?? ""
        return ImagingError(.tooLarge, "\(name) is larger than \(limits.encodedLimitDescription)\(actual), the limit for an image")
    }

    /// `error` with the upload's name in front.
    func named(_ error: ImagingError) -> ImagingError {
        ImagingError(error.code, "\(name): \(error.message)")
    }
}
