import Foundation
import TestSupport

/// A small tmpfs mounted for a test, to fill a real file system. Needs the right to mount
/// (root in the CI container); tests that use it are skipped where that is not possible and the
/// injected `DurableFileWriter.Fault.noSpace` covers the same path.
struct TmpfsMount {
    let url: URL

    /// Whether this process may mount a tmpfs here (checked once by trying).
    static let isPossible: Bool = {
        guard getuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("tmpfs-probe-\(getpid())")
        guard let mount = try? TmpfsMount(at: probe, kibibytes: 16) else {
            try? FileManager.default.removeItem(at: probe)
            return false
        }
        mount.unmount()
        return true
    }()

    /// Creates `url` and mounts a tmpfs of `kibibytes` on it.
    init(at url: URL, kibibytes: Int) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let status = try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kibibytes)k", "tmpfs", url.path])
        guard status == 0 else { throw CocoaError(.fileWriteNoPermission) }
        self.url = url
    }

    /// Unmounts it and removes the mount point.
    func unmount() {
        _ = try? Self.run("/bin/umount", [url.path])
        try? FileManager.default.removeItem(at: url)
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = try SpawnedProcess(
            executable: tool, arguments: arguments, environment: ProcessInfo.processInfo.environment, input: nil, output: nil, errors: nil
        )
        process.waitUntilExit()
        return process.terminationStatus
    }
}
