/// Lowercase hexadecimal, written once for every module that spells bytes or numbers in it:
/// S3 signatures and payload hashes, file version tags, creature versions, session and form
/// tokens, import tokens.
public enum Hex {
    /// The sixteen digits, as bytes.
    private static let digits = Array("0123456789abcdef".utf8)

    /// `bytes` as lowercase hex digits, two a byte.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `value` as exactly 16 lowercase hex digits, zeros first (big-endian).
    public static func encode(_ value: UInt64) -> String {
        // Written straight into the string's storage: version tags are made per file and per
        // listed creature.
        String(unsafeUninitializedCapacity: 16) { text in
            for index in 0..<16 { text[index] = digits[Int(truncatingIfNeeded: value >> UInt64(60 - 4 * index)) & 0x0F] }
            return 16
        }
    }

    /// `count` bytes from the system's random source, as `2 × count` lowercase hex digits.
    public static func random(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return encode((0..<max(0, count)).map { _ in generator.next() as UInt8 })
    }

    /// The bytes that `text` spells in lowercase hex digits, two a byte; nil for anything else
    /// (an odd number of digits, a capital, any other character).
    public static func decode(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        var index = 0
        while index < characters.count {
            guard let high = value(of: characters[index]), let low = value(of: characters[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// Whether `text` is exactly `count` lowercase hex digits.
    public static func isLowercaseHex(_ text: String, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { value(of: $0) != nil }
    }

    /// The value of one lowercase hex digit; nil for any other byte.
    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: digit - 0x30
        case 0x61...0x66: digit - 0x61 + 10
        default: nil
        }
    }
}
