import Foundation

/// Reads a PNG's size and transparency from its IHDR and the chunks before IDAT.
enum PNGHeader {
    /// - Parameter isPrefix: `data` is only the start of the file: running out of bytes before
    ///   the first IDAT is a `.truncated` error (read more) instead of the end of the search.
    static func read(_ data: Data, isPrefix: Bool = false) throws -> ImageInfo {
        let reader = ByteReader(bytes: data, format: "PNG")
        guard data.count >= 33 else { throw reader.truncated(at: 33) }  // signature and IHDR
        guard reader.matches("IHDR", at: 12), try reader.uint32(8) == 13 else {
            throw ImagingError(.corrupt, "the PNG does not start with an IHDR chunk")
        }
        let width = try reader.uint32(16), height = try reader.uint32(20)
        let colorType = try reader.byte(25)
        var hasAlpha = colorType & 4 != 0
        // Look for tRNS among the chunks before the image data (bounded: at most 64 chunks).
        var offset = 33
        for _ in 0..<64 where !hasAlpha {
            guard offset + 8 <= data.count else {
                if isPrefix { throw reader.truncated(at: offset + 8) }
                break
            }
            let length = try reader.uint32(offset)
            if reader.matches("IDAT", at: offset + 4) || reader.matches("IEND", at: offset + 4) { break }
            if reader.matches("tRNS", at: offset + 4) { hasAlpha = true }
            guard length <= 0x7FFF_FFFF else { throw ImagingError(.corrupt, "the PNG has a chunk of impossible length \(length) at byte \(offset)") }
            offset += 12 + length
        }
        return ImageInfo(format: .png, width: width, height: height, orientation: 1, hasAlpha: hasAlpha)
    }
}
