import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn`, for tests.
///
/// Not Foundation's `Process`: on Linux its `run()` scans `/proc/self/fd` copying a whole
/// 256-byte `d_name` out of each directory record, which reads past glibc's buffer when a short
/// record ends near an unmapped page, and the test run dies with a bad pointer dereference
/// (swift-corelibs-foundation #5472, fixed after Swift 6.3.1; it struck this suite's runs).
/// Here the child's descriptors above 2 are closed by `posix_spawn` itself
/// (`posix_spawn_file_actions_addclosefrom_np`), so no other child's pipe leaks into it.
public final class SpawnedProcess: @unchecked Sendable {
    /// How a finished child ended.
    public enum TerminationReason: Sendable {
        /// It exited with a status.
        case exit
        /// A signal ended it.
        case uncaughtSignal
    }

    /// Its process id.
    public let processIdentifier: pid_t
    private let lock = NSLock()
    private var waitStatus: Int32?

    /// Starts `executable` with `arguments` and exactly `environment`; its standard input,
    /// output and error are the descriptors given (nil: `/dev/null`).
    /// - Throws: `POSIXError` when it cannot be started.
    public init(executable: String, arguments: [String], environment: [String: String], input: Int32?, output: Int32?, errors: Int32?) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, target, flags) in [(input, Int32(0), O_RDONLY), (output, 1, O_WRONLY), (errors, 2, O_WRONLY)] {
            if let descriptor {
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", flags, 0)
            }
        }
        guard let closeFrom = Self.addCloseFrom, closeFrom(&actions, 3) == 0 else { throw POSIXError(.ENOSYS) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with default signal handling and no blocked signals.
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        processIdentifier = pid
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
    /// module does not declare.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// Whether it has not ended yet (an ended child is reaped here, once).
    public var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return reap(blocking: false) == nil
    }

    /// Sends SIGTERM.
    public func terminate() {
        kill(processIdentifier, SIGTERM)
    }

    /// Waits until it has ended (blocking the calling thread).
    public func waitUntilExit() {
        // Waited for without reaping, so that `isRunning` on another thread is never blocked
        // behind this wait; reaped under the lock afterwards.
        var info = siginfo_t()
        while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) == -1, errno == EINTR {}
        lock.lock()
        defer { lock.unlock() }
        _ = reap(blocking: true)
    }

    /// The exit status, or the signal that ended it (after ``waitUntilExit()``).
    public var terminationStatus: Int32 {
        let status = endedStatus()
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
    }

    /// Whether it exited or a signal ended it (after ``waitUntilExit()``).
    public var terminationReason: TerminationReason {
        endedStatus() & 0x7F == 0 ? .exit : .uncaughtSignal
    }

    private func endedStatus() -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        return reap(blocking: false) ?? 0
    }

    /// The wait status once the child has ended and been reaped; nil while it runs. Called
    /// with the lock held.
    private func reap(blocking: Bool) -> Int32? {
        if let waitStatus { return waitStatus }
        var status: Int32 = 0
        var result: pid_t
        repeat {
            result = waitpid(processIdentifier, &status, blocking ? 0 : WNOHANG)
        } while result == -1 && errno == EINTR
        guard result == processIdentifier else { return nil }
        waitStatus = status
        return status
    }
}
