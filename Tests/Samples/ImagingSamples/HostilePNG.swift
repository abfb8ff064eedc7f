/// Hostile and worst-case PNGs, written chunk by chunk: all-zero pixel data (black, or fully
/// transparent with alpha) deflated at deflate's best ratio, so even a 50-megapixel 16-bit image
/// is a few megabytes, with any chunk layout a case needs.
public enum HostilePNG {
    /// Colour types, as in IHDR.
    public enum ColorType: UInt8, Sendable {
        /// Gray.
        case gray = 0
        /// RGB.
        case rgb = 2
        /// Gray and alpha.
        case grayAlpha = 4
        /// RGB and alpha.
        case rgba = 6

        var samples: Int {
            switch self {
            case .gray: 1
            case .rgb: 3
            case .grayAlpha: 2
            case .rgba: 4
            }
        }
    }

    /// A PNG of `width`×`height` all-zero pixels.
    ///
    /// - Parameters:
    ///   - idatSize: the most bytes per IDAT chunk (1 makes one chunk per compressed byte).
    ///   - beforeData: chunks (from ``chunk(_:_:)``) placed between IHDR and the first IDAT.
    public static func zeros(
        width: Int, height: Int, bitDepth: Int = 8, colorType: ColorType = .rgb, interlaced: Bool = false,
        idatSize: Int = 1 << 20, beforeData: [UInt8] = []
    ) -> [UInt8] {
        let bytesPerPixel = (colorType.samples * bitDepth + 7) / 8
        let raw = filteredSize(width: width, height: height, bytesPerPixel: bytesPerPixel, interlaced: interlaced)
        let stream = ZeroDeflate.zlib(count: raw)
        var ihdr = be32(width) + be32(height)
        ihdr += [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0]
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", ihdr)
        bytes += beforeData
        var offset = 0
        let step = max(1, idatSize)
        while offset < stream.count {
            bytes += chunk("IDAT", Array(stream[offset..<min(stream.count, offset + step)]))
            offset += step
        }
        return bytes + chunk("IEND", [])
    }

    /// A zTXt chunk whose text inflates to `inflatedSize` zero bytes.
    public static func compressedText(inflatedSize: Int) -> [UInt8] {
        chunk("zTXt", Array("Comment".utf8) + [0, 0] + ZeroDeflate.zlib(count: inflatedSize))
    }

    /// A chunk: length, `type`, `data`, CRC-32.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(CRC32.checksum(body)))
    }

    /// The bytes of the filtered image data: per row (per pass when interlaced) a filter byte
    /// and the row's bytes.
    static func filteredSize(width: Int, height: Int, bytesPerPixel: Int, interlaced: Bool) -> Int {
        guard interlaced else { return height * (1 + width * bytesPerPixel) }
        // Adam7 passes: (x start, y start, x step, y step).
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var total = 0
        for (x0, y0, dx, dy) in passes {
            let columns = width > x0 ? (width - x0 + dx - 1) / dx : 0
            let rows = height > y0 ? (height - y0 + dy - 1) / dy : 0
            if columns > 0, rows > 0 { total += rows * (1 + columns * bytesPerPixel) }
        }
        return total
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
