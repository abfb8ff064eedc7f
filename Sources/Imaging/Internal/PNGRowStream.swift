import CImaging
import Foundation

/// Streams a PNG's rows from libpng straight into an ``AreaAverager``: the square thumbnail of
/// a non-interlaced PNG is made without the full-size image ever being in memory.
enum PNGRowStream {
    /// The area-averaged centred square of the PNG in `data`, `size` pixels wide.
    ///
    /// - Parameters:
    ///   - info: the header already read (size and transparency decide the crop and channels).
    /// - Throws: ``ImagingError`` from libpng (truncated, corrupt, over the limit).
    static func squareThumbnail(of data: Data, info: ImageInfo, size: Int, maxPixels: Int) throws -> PixelImage {
        let side = min(info.width, info.height)
        let sink = RowSink(
            cropX: (info.width - side) / 2, cropY: (info.height - side) / 2, side: side, size: size,
            expectedWidth: info.width, channels: info.hasAlpha ? 4 : 3
        )
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let status = data.withUnsafeBytes { buffer in
            ci_png_decode_rows(buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count, UInt64(maxPixels), { context, row, y, width, channels in
                guard let context, let row else { return 1 }
                return Unmanaged<RowSink>.fromOpaque(context).takeUnretainedValue().receive(row, y: Int(y), width: Int(width), channels: Int(channels))
            }, context)
        }
        try ImageDecoder.check(status, format: "PNG")
        guard let image = sink.finish() else { throw ImagingError(.corrupt, "the PNG's rows did not match its header") }
        return image
    }

    /// Where the rows go. A class so that C can hold a pointer to it for the duration of one
    /// decode; used from that one thread only.
    private final class RowSink {
        let cropY: Int
        let side: Int
        let expectedWidth: Int
        let channels: Int
        var averager: AreaAverager
        var mismatch = false

        init(cropX: Int, cropY: Int, side: Int, size: Int, expectedWidth: Int, channels: Int) {
            self.cropY = cropY
            self.side = side
            self.expectedWidth = expectedWidth
            self.channels = channels
            averager = AreaAverager(channels: channels, cropX: cropX, cropWidth: side, cropHeight: side, outWidth: size, outHeight: size)
        }

        func receive(_ row: UnsafePointer<UInt8>, y: Int, width: Int, channels: Int) -> Int32 {
            guard width == expectedWidth, channels == self.channels else {
                mismatch = true
                return 1
            }
            if y >= cropY, y < cropY + side { averager.addRow(row, index: y - cropY) }
            return 0
        }

        func finish() -> PixelImage? {
            mismatch ? nil : averager.finish()
        }
    }
}
