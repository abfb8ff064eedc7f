import Foundation

/// Runs `body` on consecutive ranges of `0..<count`, one range per core (a single range below
/// 256, where starting threads costs more than it saves), and returns the ranges' results in
/// order: the listings' way of reading bundles on every core while keeping them in id order.
func inParallelChunks<Part: Sendable>(of count: Int, _ body: @Sendable (Range<Int>) -> Part) -> [Part] {
    let chunkCount = count < 256 ? 1 : max(1, ProcessInfo.processInfo.activeProcessorCount)
    let chunkSize = (count + chunkCount - 1) / chunkCount
    let parts = ChunkParts<Part>(count: chunkCount)
    DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
        parts.store(chunk, body(min(chunk * chunkSize, count)..<min((chunk + 1) * chunkSize, count)))
    }
    return parts.handOver()
}

/// Each chunk's result, stored by the thread that made it.
///
/// `@unchecked Sendable`: every access holds the lock.
private final class ChunkParts<Part>: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [Part?]

    init(count: Int) {
        parts = Array(repeating: nil, count: count)
    }

    func store(_ chunk: Int, _ part: Part) {
        lock.lock()
        defer { lock.unlock() }
        parts[chunk] = part
    }

    /// The parts in chunk order, handed over: this holds them no more, so they are not copied.
    func handOver() -> [Part] {
        lock.lock()
        defer { lock.unlock() }
        let done = parts.compactMap { $0 }
        parts = []
        return done
    }
}
