/// A new file of ``SharedTemporaryFiles`` refused: as many as its limit exist already, each
/// being made or held by a reader. Worth trying again once a reader has finished.
public struct SharedTemporaryFilesFull: Error, Sendable, Hashable, CustomStringConvertible {
    /// How many may exist at once.
    public var limit: Int
    /// What the files are ("export").
    public var name: String
    /// How many seconds to wait before trying again.
    public var retryAfterSeconds: Int

    /// What happened and what to do, in a sentence.
    public var message: String {
        let files = limit == 1 ? "1 \(name)" : "\(limit) \(name)s"
        let wait = retryAfterSeconds == 1 ? "1 second" : "\(retryAfterSeconds) seconds"
        return "\(files) of other states of the data are being made or read already, the most at once; try again in \(wait)"
    }

    /// The message.
    public var description: String { message }
}
