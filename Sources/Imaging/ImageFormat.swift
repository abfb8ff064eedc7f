/// Image file formats recognised from their first bytes (never from a file name).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// PNG — supported.
    case png
    /// JPEG — supported.
    case jpeg
    /// GIF — recognised, rejected.
    case gif
    /// WebP — recognised, rejected.
    case webp
    /// HEIC / HEIF — recognised, rejected.
    case heic
    /// AVIF — recognised, rejected.
    case avif
    /// TIFF — recognised, rejected.
    case tiff
    /// BMP — recognised, rejected.
    case bmp

    /// Whether thumbnails can be made from this format.
    public var isSupported: Bool { self == .png || self == .jpeg }

    /// The usual name ("JPEG", "HEIC").
    public var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .heic: "HEIC"
        case .avif: "AVIF"
        case .tiff: "TIFF"
        case .bmp: "BMP"
        }
    }

    /// The file extension our stores use for it ("png", "jpg").
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .heic: "heic"
        default: rawValue
        }
    }

    /// The format of `bytes`, from their signature; nil if none matches.
    public static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat? where Bytes.Index == Int {
        let head = Array(bytes.prefix(32))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftyp".utf8), at: 4), head.count >= 12 {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            if ["avif", "avis"].contains(brand) { return .avif }
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) { return .heic }
        }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("BM".utf8)), head.count >= 18 {
            let headerSize = UInt32(head[14]) | UInt32(head[15]) << 8 | UInt32(head[16]) << 16 | UInt32(head[17]) << 24
            if [12, 16, 40, 52, 56, 64, 108, 124].contains(headerSize) { return .bmp }
        }
        return nil
    }
}
