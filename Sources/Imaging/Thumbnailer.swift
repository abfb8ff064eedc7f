import Foundation

/// Turns an uploaded photo into a small square PNG thumbnail.
///
/// Sniffs the bytes (never the name), checks ``ImageLimits`` from the header, decodes (JPEG at
/// the smallest DCT scale that still covers the thumbnail), stands the photo upright by its EXIF
/// orientation, crops the centred square, scales it by area averaging and encodes a PNG — RGB,
/// or RGBA when the source has transparent pixels.
public struct Thumbnailer: Sendable {
    /// The thumbnail's side in pixels (88 by default, as the apps' list cells).
    public var size: Int
    /// The decoder, with its limits.
    public var decoder: ImageDecoder

    /// Creates a thumbnailer.
    public init(size: Int = 88, limits: ImageLimits = .default) {
        self.size = size
        decoder = ImageDecoder(limits: limits)
    }

    /// The PNG thumbnail of the photo in `data`.
    ///
    /// - Throws: ``ImagingError``: not an image, an unsupported format (by name), over a limit,
    ///   truncated, corrupt, or a size below 1.
    public func thumbnail(of data: Data) throws -> Data {
        try PNGEncoder.encode(thumbnailImage(of: data))
    }

    /// The thumbnail's pixels, before PNG encoding.
    public func thumbnailImage(of data: Data) throws -> PixelImage {
        guard size > 0, size <= 4096 else { throw ImagingError(.invalidArgument, "a thumbnail size must be 1 to 4096 pixels, not \(size)") }
        var thumbnail: PixelImage
        let info = try ImageInfo.read(data)
        if info.format == .png {
            try info.check(decoder.limits, encodedBytes: data.count)
            thumbnail = try PNGRowStream.squareThumbnail(of: data, info: info, size: size, maxPixels: decoder.limits.maxPixels)
        } else {
            thumbnail = try decoder.decode(data, minimumSide: size).image.squareThumbnail(size: size)
        }
        if thumbnail.channels == 4, !thumbnail.hasTransparency {
            thumbnail = thumbnail.droppingAlpha()
        }
        return thumbnail
    }
}

extension PixelImage {
    /// The RGB channels of an RGBA image.
    func droppingAlpha() -> PixelImage {
        guard channels == 4 else { return self }
        var rgb = [UInt8]()
        rgb.reserveCapacity(width * height * 3)
        var index = 0
        while index < pixels.count {
            rgb.append(pixels[index])
            rgb.append(pixels[index + 1])
            rgb.append(pixels[index + 2])
            index += 4
        }
        return PixelImage(uncheckedWidth: width, height: height, channels: 3, pixels: rgb)
    }
}
