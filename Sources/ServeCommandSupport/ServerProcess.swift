import WebSupport

/// What a process that serves must do before any task runs.
public enum ServerProcess {
    /// Fewer malloc arenas (``WebSupport/ProcessTuning/limitMallocArenas()``) and every task on
    /// NIO's event loops (``WebSupport/EventLoopExecutor/install()``). Call it on the main thread
    /// before any task starts: the `prepare` step of `CommandLineTool.main` for the `serve`
    /// command.
    public static func prepare() {
        ProcessTuning.limitMallocArenas()
        EventLoopExecutor.install()
    }
}
