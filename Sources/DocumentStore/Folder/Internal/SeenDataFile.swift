/// What a ``BundleEditor`` last saw of its bundle's data file, so that the write after a read
/// need not look for the file again. Used within one edit, on one thread.
final class SeenDataFile {
    /// What was seen.
    enum State {
        /// Nothing yet, or the file has been written since.
        case unknown
        /// No data file under any configured name.
        case absent
        /// The data file `name`, with its status when it was read.
        case present(name: String, status: FileStatus)
    }

    var state = State.unknown
}
