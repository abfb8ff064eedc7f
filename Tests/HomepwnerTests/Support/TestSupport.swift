import Foundation
import Homepwner
import Imaging
import Testing

/// A small valid PNG whose pixels depend on `seed`.
func samplePNG(width: Int = 24, height: Int = 16, seed: Int = 0) throws -> Data {
    let image = PixelImage(width: width, height: height, channels: 3) { x, y in
        [UInt8(truncatingIfNeeded: x * 9 + seed), UInt8(truncatingIfNeeded: y * 13 + seed), UInt8(truncatingIfNeeded: seed * 31)]
    }
    return try PNGEncoder.encode(image)
}

/// A small valid JPEG.
func sampleJPEG(seed: Int = 0) throws -> Data {
    let image = PixelImage(width: 32, height: 20, channels: 3) { x, y in
        [UInt8(truncatingIfNeeded: x * 7 + seed), UInt8(truncatingIfNeeded: y * 11), 128]
    }
    return try JPEGEncoder.encode(image)
}

/// An item with fixed values for archive tests.
func fixedItem(_ index: Int = 0, name: String? = nil) -> Item {
    Item(
        itemName: name ?? "Shiny Spork \(index)",
        serialNumber: "A1B2-\(index)",
        valueInDollars: 25 * index + 3,
        dateCreated: Date(timeIntervalSinceReferenceDate: 416_000_000.123_456_789 + Double(index) * 0.1),
        itemKey: String(format: "0E8A6F52-1C3B-4D5E-8F90-%012X", index)
    )
}

/// The names in `folder`, sorted, without the writer lock file.
func fileNames(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != ".items.archive.lock" }.sorted()
}
