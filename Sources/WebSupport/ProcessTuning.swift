import CWebSupport

/// Process-wide settings a long-running server wants.
public enum ProcessTuning {
    /// Caps glibc's malloc at two arenas. By default each thread that allocates may get an arena
    /// of its own (up to eight per core), and freed memory then stays spread over all of them:
    /// with the stores' 64 blocking threads reading thumbnails, the resident size of a server
    /// that has served 10,000 of them grows by tens of MiB beyond its caches. Call it once at
    /// start, before other threads allocate.
    public static func limitMallocArenas() {
        _ = cws_limit_malloc_arenas(2)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ProcessTuning {
    /// Raises the number of descriptors the process may open to its hard limit (a server holds
    /// one per connection, and the soft limit is often 1,024); the number it may open now.
    @discardableResult
    public static func raiseOpenFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: min(limit.rlim_cur, rlim_t(Int32.max)))
    }
}
