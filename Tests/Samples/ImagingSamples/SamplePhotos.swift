import Foundation
import Imaging

/// Small, ordinary photos made by Imaging's encoders: what the tests upload where any valid
/// photo will do.
public enum SamplePhotos {
    /// A 200×120 PNG, left half red, right half blue.
    public static func png() throws -> Data {
        try PNGEncoder.encode(PixelImage(width: 200, height: 120, channels: 3) { x, _ in x < 100 ? [220, 20, 20] : [20, 20, 220] })
    }

    /// A 160×160 green JPEG.
    public static func jpeg() throws -> Data {
        try JPEGEncoder.encode(PixelImage(width: 160, height: 160, channels: 3) { _, _ in [20, 200, 20] })
    }

    /// The colour of the pixel in the middle of `png` (a thumbnail, say).
    public static func centre(of png: Data) throws -> [UInt8] {
        let (image, _) = try ImageDecoder().decode(png)
        return image[image.width / 2, image.height / 2]
    }
}
