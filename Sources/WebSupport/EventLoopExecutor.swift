import NIOCore
import NIOPosix

/// Where a server's Swift tasks run.
public enum EventLoopExecutor {
    /// Makes NIO's event loops the executor of every Swift task in the process, so that a
    /// request's handler runs on the thread that read it instead of hopping to Swift's pool and
    /// back for every request (fewer thread switches: the cached list and thumbnails serve
    /// roughly twice the requests per second on two cores). Blocking work must then stay off
    /// tasks entirely — the stores already run it on their ``DocumentStore/BlockingPool``.
    ///
    /// Call it once, first thing in `main`, before any task runs; true if it took effect.
    @discardableResult
    public static func install() -> Bool {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }
}
