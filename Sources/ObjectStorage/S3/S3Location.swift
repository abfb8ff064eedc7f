/// Where the data lives in a bucket: `s3://BUCKET/PREFIX`.
public struct S3Location: Sendable, Hashable, CustomStringConvertible {
    /// The bucket's name.
    public var bucket: String
    /// The key prefix every object of the store starts with: empty, or ending in `/`.
    public var prefix: String

    /// A location from its parts; a non-empty prefix gets its trailing `/`.
    public init(bucket: String, prefix: String) {
        self.bucket = bucket
        self.prefix = prefix.isEmpty || prefix.hasSuffix("/") ? prefix : prefix + "/"
    }

    /// Parses `s3://BUCKET` or `s3://BUCKET/PREFIX`.
    /// - Throws: ``S3Error`` `.invalidLocation`, saying what is wrong, for anything else: another
    ///   scheme, a bucket name S3 does not allow (3–63 characters of `a–z 0–9 . -`, starting and
    ///   ending with a letter or digit), or a prefix with an empty segment or control characters.
    public init(parsing text: String) throws {
        guard text.hasPrefix("s3://") else {
            throw S3Error(.invalidLocation, "a storage location is a folder or s3://BUCKET/PREFIX, not \(text)")
        }
        let rest = text.dropFirst(5)
        let bucket = String(rest.prefix { $0 != "/" })
        let prefix = String(rest.dropFirst(bucket.count).drop { $0 == "/" })
        try Self.check(bucket: bucket)
        if prefix.utf8.count > 512 {
            throw S3Error(.invalidLocation, "the prefix of \(text) is longer than 512 bytes")
        }
        if prefix.contains("//") || prefix.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw S3Error(.invalidLocation, "the prefix of \(text) has an empty segment or a control character")
        }
        self.init(bucket: bucket, prefix: prefix)
    }

    /// `s3://BUCKET/PREFIX`.
    public var description: String { "s3://\(bucket)/\(prefix)" }

    /// The key of a name under the prefix.
    public func key(_ name: String) -> String { prefix + name }

    static func check(bucket: String) throws {
        let bytes = Array(bucket.utf8)
        let allowed = bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        }
        let edgesOK = bytes.first.map(isAlphanumeric) == true && bytes.last.map(isAlphanumeric) == true
        guard (3...63).contains(bytes.count), allowed, edgesOK, !bucket.contains("..") else {
            throw S3Error(.invalidLocation, "\"\(bucket)\" is not a bucket name (3 to 63 of a-z, 0-9, '.' and '-', starting and ending with a letter or digit)")
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
