/// Reed–Solomon error correction over GF(256) with the QR code's polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (0x11D).
enum ReedSolomon {
    /// The product of two field elements.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var result = 0
        var x = Int(a)
        var y = Int(b)
        while y != 0 {
            if y & 1 == 1 { result ^= x }
            x <<= 1
            if x & 0x100 != 0 { x ^= 0x11D }
            y >>= 1
        }
        return UInt8(result)
    }

    /// The generator polynomial of `degree`, (x − α⁰)(x − α¹)…(x − α^(degree−1)), its
    /// coefficients from the highest power down, the leading 1 left out.
    static func generator(degree: Int) -> [UInt8] {
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                coefficients[index] = multiply(coefficients[index], root)
                if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
            }
            root = multiply(root, 2)
        }
        return coefficients
    }

    /// The error-correction codewords of `data`: the remainder of its polynomial times
    /// x^degree divided by `generator`.
    static func remainder(of data: [UInt8], dividedBy generator: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ result[0]
            result.removeFirst()
            result.append(0)
            for index in result.indices { result[index] ^= multiply(generator[index], factor) }
        }
        return result
    }
}
