import Foundation

extension PropertyList {
    /// Reads a property list, detecting binary or XML from the bytes.
    ///
    /// - Throws: ``ArchiveError`` (`.unknownFormat` when the bytes are neither).
    public init(data: Data, limits: ArchiveLimits = .default) throws {
        self = try Self.read(data, limits: limits).value
    }

    /// Reads a property list and reports which format it was in.
    ///
    /// - Throws: ``ArchiveError`` (`.unknownFormat` when the bytes are neither binary nor XML).
    public static func read(_ data: Data, limits: ArchiveLimits = .default) throws -> (value: PropertyList, format: PropertyListFormat) {
        switch PropertyListFormat.detect(data) {
        case .binary: return (try BinaryPlistReader.read(data, limits: limits), .binary)
        case .xml: return (try XMLPlistReader.read(data, limits: limits), .xml)
        case nil:
            throw ArchiveError(.unknownFormat, "not a property list: the data starts neither with \"bplist0\" nor with an XML declaration", offset: 0)
        }
    }

    /// Encodes the plist in the given format.
    ///
    /// - Throws: ``ArchiveError`` if the XML writer cannot represent a value.
    public func encoded(as format: PropertyListFormat) throws -> Data {
        switch format {
        case .binary: return BinaryPlistWriter.write(self)
        case .xml: return try XMLPlistWriter.write(self)
        }
    }
}
