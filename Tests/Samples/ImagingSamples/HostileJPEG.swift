/// Hostile and worst-case JPEGs, written byte by byte: an 8-bit grayscale image whose every
/// block is flat mid-grey (all coefficients 0, so every pixel decodes to exactly 128), in
/// whatever structure the case needs. Small files, any declared size up to 65,535 × 65,535.
public enum HostileJPEG {
    /// A progressive JPEG of `width`×`height` with `scans` scans: one DC scan, then `scans - 1`
    /// AC scans (bands 1–63) whose blocks are all covered by end-of-band runs of up to 32,767
    /// blocks — valid, empty scans of a few bytes each that a decoder still walks block by block.
    ///
    /// With `junkAfterFirstScan` bytes of 0x55 after the DC scan's data, the file has a long run of
    /// invalid data where a marker should be. With 3 or 4 `components` (YCbCr, CMYK; all at full
    /// resolution) the DC scan covers them all and the AC scans take them in turn.
    public static func progressive(width: Int, height: Int, scans: Int, components: Int = 1, junkAfterFirstScan: Int = 0) -> [UInt8] {
        let blocks = blockCount(width: width, height: height)
        var bytes = header(width: width, height: height, frame: 0xC2, components: components)
        bytes += segment(0xC4, [0x00] + lengths([1: 1]) + [0x00])  // DC table 0: category 0 = "0"
        bytes += segment(0xC4, [0x10] + lengths([4: 15]) + (0..<15).map { UInt8($0 << 4) })  // AC table 0: EOB0–EOB14
        // DC first scan over every component: a zero difference ("0") per block.
        bytes += segment(0xDA, [UInt8(components)] + (1...components).flatMap { [UInt8($0), 0x00] } + [0, 0, 0x00])
        var dc = JPEGBits()
        for _ in 0..<(blocks * components) { dc.write(0, length: 1) }
        bytes += dc.finish()
        bytes += [UInt8](repeating: 0x55, count: junkAfterFirstScan)
        let acData = endOfBandRuns(blocks: blocks)
        for scan in 1..<max(1, scans) {
            bytes += segment(0xDA, [1, UInt8((scan - 1) % components + 1), 0x00, 1, 63, 0x00])
            bytes += acData
        }
        return bytes + [0xFF, 0xD9]
    }

    /// A baseline JPEG of `width`×`height` with a restart marker after every block (restart
    /// interval 1): three bytes per block, most of them markers.
    public static func restartEveryBlock(width: Int, height: Int) -> [UInt8] {
        let blocks = blockCount(width: width, height: height)
        var bytes = header(width: width, height: height, frame: 0xC0)
        bytes += segment(0xC4, [0x00] + lengths([1: 1]) + [0x00])  // DC: category 0 = "0"
        bytes += segment(0xC4, [0x10] + lengths([1: 1]) + [0x00])  // AC: EOB = "0"
        bytes += segment(0xDD, [0, 1])                              // restart interval 1
        bytes += segment(0xDA, [1, 1, 0x00, 0, 63, 0x00])
        bytes.reserveCapacity(bytes.count + blocks * 3 + 2)
        for block in 0..<blocks {
            bytes.append(0x3F)  // "0" "0" padded with six 1 bits
            if block < blocks - 1 { bytes += [0xFF, UInt8(0xD0 + block % 8)] }
        }
        return bytes + [0xFF, 0xD9]
    }

    /// The 8×8 blocks of a one-component image.
    static func blockCount(width: Int, height: Int) -> Int {
        ((width + 7) / 8) * ((height + 7) / 8)
    }

    /// SOI, a quantisation table of ones and the frame header (`frame` 0xC0 baseline, 0xC2
    /// progressive) of an 8-bit image of `components` full-resolution components.
    static func header(width: Int, height: Int, frame: UInt8, components: Int = 1) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        let size = [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
        bytes += segment(frame, [8] + size + [UInt8(components)] + (1...components).flatMap { [UInt8($0), 0x11, 0] })
        return bytes
    }

    /// A marker segment: FF `marker`, its length, `payload`.
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// The 16 code-length counts of a Huffman table, from [length: count].
    static func lengths(_ counts: [Int: Int]) -> [UInt8] {
        (1...16).map { UInt8(counts[$0] ?? 0) }
    }

    /// The entropy data of an AC first scan whose `blocks` blocks are all empty: EOBr symbols
    /// (4-bit codes r = 0…14, in the table order) each with r extra bits, runs of up to 32,767.
    static func endOfBandRuns(blocks: Int) -> [UInt8] {
        var bits = JPEGBits()
        var remaining = blocks
        while remaining > 0 {
            let run = min(remaining, 32_767)
            let r = Int.bitWidth - 1 - run.leadingZeroBitCount
            bits.write(r, length: 4)
            if r > 0 { bits.write(run - (1 << r), length: r) }
            remaining -= run
        }
        return bits.finish()
    }
}
