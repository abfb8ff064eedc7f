@_spi(Testing) import DocumentStore
import Foundation

/// One file-system state: inodes by number; inode 1 is the folder mounted at the root path.
public struct DiskState: Hashable, Sendable {
    public struct Node: Hashable, Sendable {
        /// Whether this is a folder.
        public var isDirectory: Bool
        /// A file's bytes.
        public var data: [UInt8] = []
        /// A folder's entries: name to inode.
        public var entries: [String: Int] = [:]
        /// The permission bits.
        public var mode: mode_t = 0o644
    }

    /// The inodes by number.
    public var nodes: [Int: Node] = [1: Node(isDirectory: true, mode: 0o755)]

    /// A disk holding only its empty root folder.
    public init() {}

    /// Applies one recorded change (a sync changes nothing in the state itself).
    public mutating func apply(_ change: DiskChange) {
        switch change {
        case .create(let directory, let name, let node, let isDirectory):
            nodes[node] = Node(isDirectory: isDirectory, mode: isDirectory ? 0o755 : 0o644)
            nodes[directory]?.entries[name] = node
        case .write(let node, let offset, let bytes):
            var file = nodes[node] ?? Node(isDirectory: false)
            if file.data.count < offset + bytes.count { file.data += [UInt8](repeating: 0, count: offset + bytes.count - file.data.count) }
            file.data.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
            nodes[node] = file
        case .extend(let node, let size):
            var file = nodes[node] ?? Node(isDirectory: false)
            if file.data.count < size { file.data += [UInt8](repeating: 0, count: size - file.data.count) }
            nodes[node] = file
        case .rename(let fromDirectory, let from, let toDirectory, let to):
            guard let node = nodes[fromDirectory]?.entries[from] else { return }
            if let replaced = nodes[toDirectory]?.entries[to], nodes[replaced]?.isDirectory == true, nodes[replaced]?.entries.isEmpty == false { return }
            nodes[fromDirectory]?.entries[from] = nil
            nodes[toDirectory]?.entries[to] = node
        case .unlink(let directory, let name):
            nodes[directory]?.entries[name] = nil
        case .sync:
            break
        }
    }

    /// The visible content for the checks: every folder (by path from the root, "" for the
    /// root) that holds regular files, with those files' bytes; hidden names are included so
    /// leftovers show.
    public func content() -> [String: [String: [UInt8]]] {
        var result: [String: [String: [UInt8]]] = [:]
        func visit(_ node: Int, _ path: String, depth: Int) {
            guard depth < 8, let folder = nodes[node] else { return }
            var files: [String: [UInt8]] = [:]
            for (name, child) in folder.entries {
                guard let entry = nodes[child] else { continue }
                if entry.isDirectory {
                    visit(child, path.isEmpty ? name : path + "/" + name, depth: depth + 1)
                } else {
                    files[name] = entry.data
                }
            }
            result[path] = files
        }
        visit(1, "", depth: 0)
        return result
    }
}

/// A change the store made, as the simulated disk recorded it.
public enum DiskChange: Hashable, Sendable {
    /// A file or folder `node` made as `name` in `directory`.
    case create(directory: Int, name: String, node: Int, isDirectory: Bool)
    /// `bytes` written at `offset`.
    case write(node: Int, offset: Int, bytes: [UInt8])
    /// A torn write's variant: the file got its new size but not the bytes (they read as zeros).
    case extend(node: Int, size: Int)
    /// An entry renamed (replacing what was at `to`).
    case rename(fromDirectory: Int, from: String, toDirectory: Int, to: String)
    /// An entry removed.
    case unlink(directory: Int, name: String)
    /// A completed `fsync` of `node`.
    case sync(node: Int)

    /// Whether a completed `fsync` of `node` makes this change durable: a write by a sync of its
    /// file, a folder change by a sync of its folder (a rename across folders needs both).
    public func isCovered(bySyncsOf synced: Set<Int>) -> Bool {
        switch self {
        case .create(let directory, _, _, _), .unlink(let directory, _): synced.contains(directory)
        case .write(let node, _, _), .extend(let node, _): synced.contains(node)
        case .rename(let from, _, let to, _): synced.contains(from) && synced.contains(to)
        case .sync: true
        }
    }
}

/// A disk in memory for crash tests: the store's file-system calls run against it, every
/// change is recorded, and ``crashStates(cut:)`` lists the states a real disk may hold after a
/// power cut at any point of the record.
///
/// `@unchecked Sendable`: all state is behind `lock`. `flock` always succeeds (one process).
@_spi(Testing) public final class SimulatedDisk: FileSystem, @unchecked Sendable {
    /// The path the root folder (inode 1) is mounted at.
    public let mountPath: String
    private let lock = NSLock()
    private var state: DiskState
    private var base: DiskState
    /// Every change made since ``startRecording()``, in order.
    public private(set) var log: [DiskChange] = []
    private var descriptors: [Int32: (node: Int, offset: Int)] = [:]
    private var nextDescriptor: Int32 = 10_000
    private var nextNode = 2

    /// A disk whose root folder is mounted at `mountPath`, holding `state`.
    public init(mountPath: String = "/simulated/PrivateDocuments", state: DiskState = DiskState()) {
        self.mountPath = mountPath
        self.state = state
        self.base = state
        nextNode = (state.nodes.keys.max() ?? 1) + 1
    }

    /// Takes the current state as durable (as after a full sync) and starts a fresh record.
    public func startRecording() {
        lock.withLock {
            base = state
            log = []
        }
    }

    /// The state the running store sees.
    public var currentState: DiskState { lock.withLock { state } }

    /// The states a disk may be left in after a power cut once the first `cut` changes were made:
    /// what every completed `fsync` covers is there; of the rest, every subset (up to
    /// ``exhaustiveLimit`` changes; beyond, all, none, each one alone and all but each one), and
    /// every write torn at each 512-byte block (with the other
    /// unsynced changes kept), including a torn write that grew the file without its bytes.
    /// Up to this many unsynced changes, every subset of them is a state; beyond, the linear
    /// selection above.
    public static let exhaustiveLimit = 10

    public func crashStates(cut: Int) -> [DiskState] {
        let prefix = Array(log.prefix(cut))
        var durable: [Bool] = Array(repeating: false, count: prefix.count)
        for (index, change) in prefix.enumerated() {
            var synced = Set<Int>()
            for later in prefix[(index + 1)...] { if case .sync(let node) = later { synced.insert(node) } }
            durable[index] = change.isCovered(bySyncsOf: synced)
        }
        let unsynced = prefix.indices.filter { !durable[$0] }
        func replay(_ keep: (Int) -> Bool, replacing: (index: Int, with: [DiskChange])? = nil) -> DiskState {
            var replayed = base
            for (index, change) in prefix.enumerated() {
                if let replacing, replacing.index == index {
                    for part in replacing.with { replayed.apply(part) }
                } else if durable[index] || keep(index) {
                    replayed.apply(change)
                }
            }
            return replayed
        }
        var states: [DiskState] = []
        if unsynced.count <= Self.exhaustiveLimit {
            // Every subset of the unsynced changes may have reached the disk.
            for mask in 0..<(1 << unsynced.count) {
                let kept = Set(unsynced.indices.filter { mask & (1 << $0) != 0 }.map { unsynced[$0] })
                states.append(replay { kept.contains($0) })
            }
        } else {
            states = [replay { _ in false }, replay { _ in true }]
            for lost in unsynced {
                states.append(replay { $0 != lost })
                states.append(replay { $0 == lost })
            }
        }
        for lost in unsynced {
            if case .write(let node, let offset, let bytes) = prefix[lost] {
                var tears: [[DiskChange]] = [[.extend(node: node, size: offset + bytes.count)]]
                for end in stride(from: 0, to: bytes.count, by: 512) where end > 0 || bytes.count <= 512 {
                    tears.append([.write(node: node, offset: offset, bytes: Array(bytes.prefix(end)))])
                    tears.append([.extend(node: node, size: offset + bytes.count), .write(node: node, offset: offset, bytes: Array(bytes.prefix(end)))])
                }
                for tear in tears { states.append(replay({ _ in true }, replacing: (lost, tear))) }
            }
        }
        return states
    }

    /// The files ("folder/name") that were absent at some moment between changes `range` of the
    /// record although they existed at another.
    public func namesAbsent(during range: Range<Int>) -> Set<String> {
        var replayed = base
        for change in log.prefix(range.lowerBound) { replayed.apply(change) }
        var moments = [replayed.content()]
        for change in log[range] {
            replayed.apply(change)
            moments.append(replayed.content())
        }
        var everPresent = Set<String>()
        for moment in moments { for (folder, files) in moment { for name in files.keys { everPresent.insert(folder + "/" + name) } } }
        return everPresent.filter { path in
            moments.contains { moment in
                let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
                let name = String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
                return moment[folder]?[name] == nil
            }
        }
    }

    // MARK: FileSystem

    private func resolve(_ directory: Int32, _ name: String) throws(Errno) -> (parent: Int, last: String) {
        var current: Int
        var path = name
        if name.hasPrefix("/") {
            guard name == mountPath || name.hasPrefix(mountPath + "/") else { throw Errno(ENOENT) }
            path = String(name.dropFirst(mountPath.count))
            current = 1
            if path.isEmpty || path == "/" { return (0, "") }
        } else {
            guard let open = descriptors[directory] else { throw Errno(EBADF) }
            current = open.node
        }
        let parts = path.split(separator: "/").map(String.init)
        guard let last = parts.last else { throw Errno(ENOENT) }
        for part in parts.dropLast() {
            guard let node = state.nodes[current], node.isDirectory else { throw Errno(ENOTDIR) }
            guard let next = node.entries[part] else { throw Errno(ENOENT) }
            current = next
        }
        guard state.nodes[current]?.isDirectory == true else { throw Errno(ENOTDIR) }
        return (current, last)
    }

    private func lookup(_ directory: Int32, _ name: String) throws(Errno) -> Int {
        let (parent, last) = try resolve(directory, name)
        if parent == 0 { return 1 }
        guard let node = state.nodes[parent]?.entries[last] else { throw Errno(ENOENT) }
        return node
    }

    private func record(_ change: DiskChange) {
        state.apply(change)
        log.append(change)
    }

    @_spi(Testing) public func openFile(_ directory: Int32, _ name: String, _ flags: Int32, _ mode: mode_t) throws(Errno) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        let (parent, last) = try resolve(directory, name)
        var node: Int
        if parent == 0 {
            node = 1
        } else if let existing = state.nodes[parent]?.entries[last] {
            if flags & O_CREAT != 0 && flags & O_EXCL != 0 { throw Errno(EEXIST) }
            node = existing
        } else {
            guard flags & O_CREAT != 0 else { throw Errno(ENOENT) }
            node = nextNode
            nextNode += 1
            record(.create(directory: parent, name: last, node: node, isDirectory: false))
        }
        let isDirectory = state.nodes[node]?.isDirectory ?? false
        if flags & O_DIRECTORY != 0 && !isDirectory { throw Errno(ENOTDIR) }
        if isDirectory && flags & (O_WRONLY | O_RDWR) != 0 { throw Errno(EISDIR) }
        let descriptor = nextDescriptor
        nextDescriptor += 1
        descriptors[descriptor] = (node, 0)
        return descriptor
    }

    @_spi(Testing) public func openFileWithoutLinks(_ directory: Int32, _ path: String, _ flags: Int32) throws(Errno) -> Int32 {
        try openFile(directory, path, flags, 0)
    }

    @_spi(Testing) public func closeFile(_ descriptor: Int32) {
        lock.withLock { descriptors[descriptor] = nil }
    }

    @_spi(Testing) public func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard let open = descriptors[descriptor], let node = state.nodes[open.node] else { throw Errno(EBADF) }
        guard !node.isDirectory else { throw Errno(EISDIR) }
        let count = max(0, min(buffer.count, node.data.count - open.offset))
        if count > 0 {
            node.data.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[open.offset..<(open.offset + count)]))
            }
        }
        descriptors[descriptor]?.offset += count
        return count
    }

    @_spi(Testing) public func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard let open = descriptors[descriptor] else { throw Errno(EBADF) }
        record(.write(node: open.node, offset: open.offset, bytes: Array(bytes)))
        descriptors[descriptor]?.offset += bytes.count
        return bytes.count
    }

    private func status(ofNode number: Int) throws(Errno) -> FileStatus {
        guard let node = state.nodes[number] else { throw Errno(ENOENT) }
        return FileStatus(kind: node.isDirectory ? .directory : .regular, size: node.data.count, permissions: node.mode, device: 1, inode: UInt64(number))
    }

    @_spi(Testing) public func status(_ descriptor: Int32) throws(Errno) -> FileStatus {
        lock.lock()
        defer { lock.unlock() }
        guard let open = descriptors[descriptor] else { throw Errno(EBADF) }
        return try status(ofNode: open.node)
    }

    @_spi(Testing) public func entryStatus(_ directory: Int32, _ name: String) throws(Errno) -> FileStatus {
        lock.lock()
        defer { lock.unlock() }
        return try status(ofNode: try lookup(directory, name))
    }

    @_spi(Testing) public func sync(_ descriptor: Int32) throws(Errno) {
        lock.lock()
        defer { lock.unlock() }
        guard let open = descriptors[descriptor] else { throw Errno(EBADF) }
        record(.sync(node: open.node))
    }

    @_spi(Testing) public func changeMode(_ descriptor: Int32, _ mode: mode_t) throws(Errno) {
        lock.lock()
        defer { lock.unlock() }
        guard let open = descriptors[descriptor] else { throw Errno(EBADF) }
        state.nodes[open.node]?.mode = mode
    }

    @_spi(Testing) public func rename(_ fromDirectory: Int32, _ from: String, _ toDirectory: Int32, _ to: String, exclusive: Bool) throws(Errno) {
        lock.lock()
        defer { lock.unlock() }
        let (source, fromName) = try resolve(fromDirectory, from)
        let (target, toName) = try resolve(toDirectory, to)
        guard let node = state.nodes[source]?.entries[fromName] else { throw Errno(ENOENT) }
        if let existing = state.nodes[target]?.entries[toName] {
            if exclusive { throw Errno(EEXIST) }
            let movingDirectory = state.nodes[node]?.isDirectory ?? false
            let replacedDirectory = state.nodes[existing]?.isDirectory ?? false
            if movingDirectory != replacedDirectory { throw Errno(movingDirectory ? ENOTDIR : EISDIR) }
            if replacedDirectory && state.nodes[existing]?.entries.isEmpty == false { throw Errno(ENOTEMPTY) }
        }
        record(.rename(fromDirectory: source, from: fromName, toDirectory: target, to: toName))
    }

    @_spi(Testing) public func unlink(_ directory: Int32, _ name: String, directory isDirectory: Bool) throws(Errno) {
        lock.lock()
        defer { lock.unlock() }
        let (parent, last) = try resolve(directory, name)
        guard let node = state.nodes[parent]?.entries[last], let entry = state.nodes[node] else { throw Errno(ENOENT) }
        if entry.isDirectory != isDirectory { throw Errno(isDirectory ? ENOTDIR : EISDIR) }
        if isDirectory && !entry.entries.isEmpty { throw Errno(ENOTEMPTY) }
        record(.unlink(directory: parent, name: last))
    }

    @_spi(Testing) public func makeDirectory(_ directory: Int32, _ name: String, _ mode: mode_t) throws(Errno) {
        lock.lock()
        defer { lock.unlock() }
        let (parent, last) = try resolve(directory, name)
        guard parent != 0 else { throw Errno(EEXIST) }
        if state.nodes[parent]?.entries[last] != nil { throw Errno(EEXIST) }
        let node = nextNode
        nextNode += 1
        record(.create(directory: parent, name: last, node: node, isDirectory: true))
    }

    @_spi(Testing) public func lock(_ descriptor: Int32, _ operation: Int32) throws(Errno) {}

    @_spi(Testing) public func entries(_ directory: Int32) throws(Errno) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        guard let open = descriptors[directory], let node = state.nodes[open.node], node.isDirectory else { throw Errno(ENOTDIR) }
        return node.entries.keys.sorted()
    }
}

/// Operations run on a simulated disk: what it held before the first and after each, and where
/// each one's changes end in the disk's log — what a crash test walks, cut by cut.
public struct DiskRecording<Snapshot> {
    /// What the disk held before the first operation, then after each.
    public let snapshots: [Snapshot]
    /// Where the log stood before the first operation (0), then after each.
    public let ends: [Int]

    /// A power cut after the first `index` recorded changes.
    public struct Cut {
        /// The number of changes made before the cut.
        public let index: Int
        /// The operations acknowledged before the cut; the next one was in flight.
        public let done: Int
        /// Whether the cut falls just after an operation was acknowledged (none in flight).
        public let acknowledged: Bool
        /// What the disk held after the acknowledged operations.
        public let old: Snapshot
        /// What it held after the one in flight (`old` when none was).
        public let new: Snapshot
        /// The changes of the operation in flight.
        public let inFlight: Range<Int>
    }

    /// The number of changes recorded.
    public var changes: Int { ends.last ?? 0 }

    /// Every cut, from before the first change to after the last.
    public var cuts: [Cut] {
        (0...changes).map { index in
            let done = ends.lastIndex { $0 <= index } ?? 0
            let next = min(done + 1, ends.count - 1)
            return Cut(index: index, done: done, acknowledged: ends[done] == index, old: snapshots[done], new: snapshots[next], inFlight: ends[done]..<ends[next])
        }
    }
}

extension SimulatedDisk {
    /// Starts recording, runs `operations` in order and notes `snapshot()` before the first and
    /// after each.
    @_spi(Testing) public func record<Snapshot>(
        _ operations: [() async throws -> Void], snapshot: () -> Snapshot
    ) async throws -> DiskRecording<Snapshot> {
        var snapshots = [snapshot()]
        var ends = [0]
        startRecording()
        for operation in operations {
            try await operation()
            snapshots.append(snapshot())
            ends.append(log.count)
        }
        return DiskRecording(snapshots: snapshots, ends: ends)
    }
}
