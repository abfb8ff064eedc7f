import Foundation

/// Times competitors side by side, interleaving their runs so machine noise hits all alike.
///
/// The machine is shared and noisy: absolute times drift, ratios hold. So every race prints the
/// ratio of each competitor to the first entrant (ours).
public struct Race {
    /// What is being measured.
    public let name: String
    /// Timed rounds after the warm-up.
    public let iterations: Int
    private var entrants: [(name: String, run: () async throws -> Void)] = []

    /// Creates a race of `iterations` rounds.
    public init(_ name: String, iterations: Int) {
        self.name = name
        self.iterations = iterations
    }

    /// Adds a competitor; add ours first.
    public mutating func add(_ name: String, _ run: @escaping () async throws -> Void) {
        entrants.append((name, run))
    }

    /// Runs every entrant once to warm up, then `iterations` rounds; returns medians in seconds.
    public func run() async throws -> [(name: String, median: Double)] {
        var samples = Array(repeating: [Double](), count: entrants.count)
        for entrant in entrants { try await entrant.run() }
        let clock = ContinuousClock()
        for _ in 0..<max(1, iterations) {
            for (index, entrant) in entrants.enumerated() {
                let start = clock.now
                try await entrant.run()
                samples[index].append(seconds(clock.now - start))
            }
        }
        return entrants.indices.map { index in
            (entrants[index].name, median(samples[index]))
        }
    }

    /// Runs the race and prints each entrant's median and how many times faster the first is.
    public func report() async throws {
        let results = try await run()
        print(name)
        guard let ours = results.first else { return }
        for result in results {
            let ratio = result.median / ours.median
            let note = result.name == ours.name ? "" : String(format: "   ours is %.1f× faster", ratio)
            print("  \(result.name.padding(toLength: 38, withPad: " ", startingAt: 0)) \(milliseconds(result.median))\(note)")
        }
    }
}

/// A duration in seconds.
public func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

/// The median of `samples` (0 for none).
public func median(_ samples: [Double]) -> Double {
    percentile(samples, 0.5)
}

/// The value below which `fraction` of `samples` lie (nearest rank; 0 for none).
public func percentile(_ samples: [Double], _ fraction: Double) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return 0 }
    let rank = min(sorted.count - 1, max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))
    return sorted[rank]
}

/// Formats a duration in milliseconds.
public func milliseconds(_ seconds: Double) -> String {
    String(format: "%9.2f ms", seconds * 1000)
}
