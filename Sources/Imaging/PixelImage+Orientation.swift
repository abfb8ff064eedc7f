extension PixelImage {
    /// The image as it should be displayed given EXIF `orientation` (1–8): mirrored and rotated
    /// so that a phone photo stands upright. Orientations 5–8 swap width and height.
    public func oriented(_ orientation: Int) -> PixelImage {
        guard (2...8).contains(orientation) else { return self }
        let swaps = orientation >= 5
        let outWidth = swaps ? height : width, outHeight = swaps ? width : height
        var out = [UInt8](repeating: 0, count: pixels.count)
        let w = width, h = height, c = channels
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                var index = 0
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        // The stored pixel shown at (x, y), per the EXIF definition of each value.
                        let (sx, sy): (Int, Int)
                        switch orientation {
                        case 2: (sx, sy) = (w - 1 - x, y)
                        case 3: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case 4: (sx, sy) = (x, h - 1 - y)
                        case 5: (sx, sy) = (y, x)
                        case 6: (sx, sy) = (y, h - 1 - x)
                        case 7: (sx, sy) = (w - 1 - y, h - 1 - x)
                        default: (sx, sy) = (w - 1 - y, x)
                        }
                        let from = (sy * w + sx) * c
                        for channel in 0..<c { target[index + channel] = source[from + channel] }
                        index += c
                    }
                }
            }
        }
        return PixelImage(uncheckedWidth: outWidth, height: outHeight, channels: c, pixels: out)
    }

    /// An image whose size the caller has already made consistent.
    init(uncheckedWidth width: Int, height: Int, channels: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.channels = channels
        self.pixels = pixels
    }
}
