/// 8-bit pixels in memory: `channels` bytes per pixel (3 RGB, 4 RGBA — or 1 gray, 4 CMYK when
/// handed to ``JPEGEncoder``), rows packed top to bottom.
public struct PixelImage: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bytes per pixel.
    public var channels: Int
    /// `width × height × channels` bytes.
    public var pixels: [UInt8]

    /// Creates an image; `pixels` must hold `width × height × channels` bytes.
    ///
    /// - Throws: ``ImagingError`` `.invalidArgument` if it does not.
    public init(width: Int, height: Int, channels: Int, pixels: [UInt8]) throws {
        guard width > 0, height > 0, (1...4).contains(channels), pixels.count == width * height * channels else {
            throw ImagingError(.invalidArgument, "\(pixels.count) bytes is not a \(width)×\(height) image of \(channels) channels")
        }
        self.width = width
        self.height = height
        self.channels = channels
        self.pixels = pixels
    }

    /// Creates an image by calling `color(x, y)` for each pixel.
    public init(width: Int, height: Int, channels: Int, color: (Int, Int) -> [UInt8]) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.channels = channels
        var pixels = [UInt8]()
        pixels.reserveCapacity(self.width * self.height * channels)
        for y in 0..<self.height {
            for x in 0..<self.width {
                let value = color(x, y)
                for channel in 0..<channels { pixels.append(channel < value.count ? value[channel] : 255) }
            }
        }
        self.pixels = pixels
    }

    /// The channel values of pixel (`x`, `y`).
    public subscript(x: Int, y: Int) -> [UInt8] {
        let start = (y * width + x) * channels
        return Array(pixels[start..<start + channels])
    }

    /// Whether any pixel is not fully opaque (always false without an alpha channel).
    public var hasTransparency: Bool {
        guard channels == 4 else { return false }
        var index = 3
        while index < pixels.count {
            if pixels[index] != 255 { return true }
            index += 4
        }
        return false
    }
}
