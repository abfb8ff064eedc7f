/// A QR code (model 2, ISO/IEC 18004) holding bytes in byte mode: the square of dark and light
/// modules that ordinary readers decode, made by ``init(bytes:level:)``.
///
/// The smallest version (1–40) that holds the bytes at the chosen error-correction level is
/// used, and of the eight masks the one with the lowest penalty score. Work and memory grow
/// with the size of the symbol, which is at most 177 × 177 modules.
public struct QRCode: Sendable, Equatable {
    /// How much of the symbol may be lost and still read back, at the cost of capacity.
    public enum Level: Int, Sendable, CaseIterable {
        /// About 7 % of the codewords can be restored.
        case low
        /// About 15 %: what labels use by default.
        case medium
        /// About 25 %.
        case quartile
        /// About 30 %.
        case high

        /// The two bits the format information carries for this level.
        var formatBits: Int {
            switch self {
            case .low: 1
            case .medium: 0
            case .quartile: 3
            case .high: 2
            }
        }
    }

    /// Why no QR code was made.
    public enum Failure: Error, Equatable, Sendable {
        /// The bytes do not fit in version 40 at the level asked for; `capacity` is the most
        /// that does.
        case tooLong(byteCount: Int, capacity: Int)
    }

    /// The version, 1 to 40: the symbol is `17 + 4 × version` modules on a side.
    public let version: Int
    /// The error-correction level it was made at.
    public let level: Level
    /// The mask pattern applied, 0 to 7.
    public let mask: Int
    /// The number of modules on a side.
    public let size: Int
    /// Row by row, `true` for a dark module.
    let modules: [Bool]

    /// Whether the module in column `x` and row `y` is dark; outside the symbol is light.
    public subscript(x x: Int, y y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }

    /// The QR code of `bytes` in byte mode at `level`, at the smallest version that holds them.
    public init(bytes: some Collection<UInt8>, level: Level = .medium) throws(Failure) {
        let data = Array(bytes)
        guard let version = (1...40).first(where: { QRVersion($0).fits(byteCount: data.count, level: level) }) else {
            throw .tooLong(byteCount: data.count, capacity: QRVersion(40).byteCapacity(level))
        }
        let shape = QRVersion(version)
        let codewords = shape.interleaved(shape.dataCodewords(data, level: level), level: level)
        var grid = ModuleGrid(version: shape)
        grid.place(codewords)
        let candidates = (0..<8).map { grid.masked($0, level: level) }
        let scores = candidates.map(\.penalty)
        let chosen = scores.indices.min { scores[$0] < scores[$1] } ?? 0
        let finished = candidates[chosen]
        self.version = version
        self.level = level
        self.mask = chosen
        self.size = shape.size
        self.modules = finished.dark
    }

    /// The QR code of `text`'s UTF-8 bytes.
    public init(text: String, level: Level = .medium) throws(Failure) {
        try self.init(bytes: text.utf8, level: level)
    }
}
