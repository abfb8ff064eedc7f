/// A bundle's validator in a local folder's ``ListingSummary``: which configured data file name
/// it has and that file's `stat` — device and inode, size, and modification and status-change
/// times to the nanosecond. Any write to the file changes the status-change time; a file put in
/// its place is another inode (or, reusing a freed one, has a new status-change time).
struct DiskValidator: Hashable {
    /// The index of the data file's name in ``DocumentFolderConfiguration/dataFileNames``.
    var nameIndex: UInt8
    var device: UInt64
    var inode: UInt64
    var size: UInt64
    var modified: Int64
    var changed: Int64

    static let byteCount = 1 + 5 * 8

    init(nameIndex: Int, status: FileStatus) {
        self.nameIndex = UInt8(truncatingIfNeeded: nameIndex)
        device = status.device
        inode = status.inode
        size = UInt64(max(0, status.size))
        modified = status.modified
        changed = status.changed
    }

    /// The validator in `bytes`, nil unless they are one.
    init?(_ bytes: ArraySlice<UInt8>) {
        guard bytes.count == Self.byteCount, let first = bytes.first else { return nil }
        var reader = SummaryRecordReader(bytes.dropFirst())
        guard let device = reader.uint64(), let inode = reader.uint64(), let size = reader.uint64(),
              let modified = reader.uint64(), let changed = reader.uint64() else { return nil }
        nameIndex = first
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = Int64(bitPattern: modified)
        self.changed = Int64(bitPattern: changed)
    }

    /// The validator's bytes.
    var bytes: [UInt8] {
        var writer = SummaryRecordWriter()
        for value in [device, inode, size, UInt64(bitPattern: modified), UInt64(bitPattern: changed)] { writer.append(value) }
        return [nameIndex] + writer.bytes
    }
}
