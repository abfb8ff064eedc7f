import Foundation

/// Times competitors side by side, interleaving their runs so machine noise hits all alike.
struct Race {
    let name: String
    let iterations: Int
    private(set) var entrants: [(name: String, run: () throws -> Void)] = []

    init(_ name: String, iterations: Int) {
        self.name = name
        self.iterations = iterations
    }

    mutating func add(_ name: String, _ run: @escaping () throws -> Void) {
        entrants.append((name, run))
    }

    /// Runs every entrant once to warm up, then `iterations` rounds; returns medians in seconds.
    func run() throws -> [(name: String, median: Double)] {
        var samples = Array(repeating: [Double](), count: entrants.count)
        for entrant in entrants { try entrant.run() }
        let clock = ContinuousClock()
        for _ in 0..<iterations {
            for (index, entrant) in entrants.enumerated() {
                let start = clock.now
                try entrant.run()
                let elapsed = clock.now - start
                samples[index].append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            }
        }
        return entrants.indices.map { index in
            let sorted = samples[index].sorted()
            return (entrants[index].name, sorted[sorted.count / 2])
        }
    }
}

/// Formats a duration in milliseconds.
func milliseconds(_ seconds: Double) -> String {
    String(format: "%9.2f ms", seconds * 1000)
}
