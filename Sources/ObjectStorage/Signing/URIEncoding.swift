/// Percent-encoding as Signature V4 and S3 spell it: every byte but `A–Z a–z 0–9 - . _ ~` as
/// `%XX` with upper-case hex digits (and `/` kept where a path asks for it).
public enum URIEncoding {
    /// `text`'s UTF-8 bytes, percent-encoded; `/` is left as it is when `keepingSlashes`.
    public static func encode(_ text: some StringProtocol, keepingSlashes: Bool = false) -> String {
        encode(bytes: Array(text.utf8), keepingSlashes: keepingSlashes)
    }

    /// Bytes percent-encoded; `/` is left as it is when `keepingSlashes`.
    public static func encode(bytes: [UInt8], keepingSlashes: Bool = false) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            if isUnreserved(byte) || (keepingSlashes && byte == UInt8(ascii: "/")) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes `text` spells, each valid `%XX` decoded; anything else (a lone `%`, `+`) kept
    /// as it is, as S3 reads it.
    public static func decode(_ text: some StringProtocol) -> [UInt8] {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    /// Whether SigV4 leaves the byte unencoded.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
