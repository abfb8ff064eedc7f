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
