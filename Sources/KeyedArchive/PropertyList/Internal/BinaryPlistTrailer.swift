/// The 32-byte trailer at the end of a binary plist.
struct BinaryPlistTrailer: Sendable {
    var offsetIntSize: Int
    var objectRefSize: Int
    var objectCount: Int
    var topObject: Int
    var offsetTableOffset: Int

    /// Reads and validates the trailer against the file length, as CFBinaryPList.c does.
    init(bytes: UnsafeRawBufferPointer, limits: ArchiveLimits) throws {
        let length = bytes.count
        guard length >= 8 + 1 + 1 + 32 else {
            throw ArchiveError(.corruptBinary, "binary plist is \(length) bytes, too short to hold a header, an object and a trailer")
        }
        let magic: [UInt8] = Array("bplist0".utf8)
        for index in 0..<magic.count where bytes[index] != magic[index] {
            throw ArchiveError(.corruptBinary, "not a binary plist: the first bytes are not \"bplist0\"", offset: index)
        }
        let base = length - 32
        func field(_ at: Int, _ size: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in at..<(at + size) { value = value << 8 | UInt64(bytes[index]) }
            return value
        }
        let offsetIntSize = Int(bytes[base + 6])
        let objectRefSize = Int(bytes[base + 7])
        let objectCount = field(base + 8, 8)
        let topObject = field(base + 16, 8)
        let tableOffset = field(base + 24, 8)
        guard (1...8).contains(offsetIntSize) else {
            throw ArchiveError(.corruptBinary, "binary plist trailer: offset size \(offsetIntSize) is not between 1 and 8", offset: base + 6)
        }
        guard (1...8).contains(objectRefSize) else {
            throw ArchiveError(.corruptBinary, "binary plist trailer: object reference size \(objectRefSize) is not between 1 and 8", offset: base + 7)
        }
        guard objectCount >= 1, objectCount <= UInt64(length) else {
            throw ArchiveError(.corruptBinary, "binary plist trailer: object count \(objectCount) does not fit a \(length)-byte file", offset: base + 8)
        }
        guard objectCount <= UInt64(limits.maxObjectCount) else {
            throw ArchiveError(.limitExceeded, "binary plist has \(objectCount) objects, more than the limit of \(limits.maxObjectCount)", offset: base + 8)
        }
        guard topObject < objectCount else {
            throw ArchiveError(.corruptBinary, "binary plist trailer: top object \(topObject) is not below the object count \(objectCount)", offset: base + 16)
        }
        guard tableOffset >= 9, tableOffset < UInt64(base) else {
            throw ArchiveError(.corruptBinary, "binary plist trailer: offset table position \(tableOffset) is outside the object area", offset: base + 24)
        }
        let tableLength = objectCount * UInt64(offsetIntSize)
        guard tableOffset + tableLength + 32 == UInt64(length) else {
            throw ArchiveError(.corruptBinary, "binary plist trailer: an offset table of \(objectCount) × \(offsetIntSize) bytes at \(tableOffset) does not end where the trailer starts (\(base))", offset: base + 24)
        }
        if offsetIntSize < 8, tableOffset >= UInt64(1) << UInt64(8 * offsetIntSize) {
            throw ArchiveError(.corruptBinary, "binary plist trailer: \(offsetIntSize)-byte offsets cannot address the offset table at \(tableOffset)", offset: base + 6)
        }
        if objectRefSize < 8, objectCount > UInt64(1) << UInt64(8 * objectRefSize) {
            throw ArchiveError(.corruptBinary, "binary plist trailer: \(objectRefSize)-byte references cannot address \(objectCount) objects", offset: base + 7)
        }
        self.offsetIntSize = offsetIntSize
        self.objectRefSize = objectRefSize
        self.objectCount = Int(objectCount)
        self.topObject = Int(topObject)
        self.offsetTableOffset = Int(tableOffset)
    }
}
