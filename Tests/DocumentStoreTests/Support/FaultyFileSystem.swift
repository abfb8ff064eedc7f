@_spi(Testing) @testable import DocumentStore
import Foundation

/// The real file system with `fsync` failing with `errno` for the kinds of file chosen: the one
/// fault these tests must inject (no file system here refuses to sync a regular file).
struct SyncFailingFileSystem: FileSystem {
    let failing: Set<FileStatus.Kind>
    let errno: Int32
    private let real = SystemFileSystem()

    func sync(_ descriptor: Int32) throws(Errno) {
        let kind = (try? real.status(descriptor))?.kind ?? .unknown
        if failing.contains(kind) { throw Errno(errno) }
        try real.sync(descriptor)
    }

    func openFile(_ directory: Int32, _ name: String, _ flags: Int32, _ mode: mode_t) throws(Errno) -> Int32 { try real.openFile(directory, name, flags, mode) }
    func openFileWithoutLinks(_ directory: Int32, _ path: String, _ flags: Int32) throws(Errno) -> Int32 { try real.openFileWithoutLinks(directory, path, flags) }
    func closeFile(_ descriptor: Int32) { real.closeFile(descriptor) }
    func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int { try real.readBytes(descriptor, into: buffer) }
    func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int { try real.writeBytes(descriptor, bytes) }
    func status(_ descriptor: Int32) throws(Errno) -> FileStatus { try real.status(descriptor) }
    func entryStatus(_ directory: Int32, _ name: String) throws(Errno) -> FileStatus { try real.entryStatus(directory, name) }
    func changeMode(_ descriptor: Int32, _ mode: mode_t) throws(Errno) { try real.changeMode(descriptor, mode) }
    func rename(_ fromDirectory: Int32, _ from: String, _ toDirectory: Int32, _ to: String, exclusive: Bool) throws(Errno) {
        try real.rename(fromDirectory, from, toDirectory, to, exclusive: exclusive)
    }
    func unlink(_ directory: Int32, _ name: String, directory isDirectory: Bool) throws(Errno) { try real.unlink(directory, name, directory: isDirectory) }
    func makeDirectory(_ directory: Int32, _ name: String, _ mode: mode_t) throws(Errno) { try real.makeDirectory(directory, name, mode) }
    func lock(_ descriptor: Int32, _ operation: Int32) throws(Errno) { try real.lock(descriptor, operation) }
    func entries(_ directory: Int32) throws(Errno) -> [String] { try real.entries(directory) }
}
