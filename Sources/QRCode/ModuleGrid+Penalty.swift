extension ModuleGrid {
    /// The penalty score of section 7.8.3: runs of five or more alike, 2 × 2 blocks alike,
    /// patterns that look like a finder, and a dark share far from half. The mask with the
    /// lowest score is the one used.
    var penalty: Int {
        var score = 0
        for line in 0..<size {
            score += Self.linePenalty(size: size) { dark[line * size + $0] }
            score += Self.linePenalty(size: size) { dark[$0 * size + line] }
        }
        for y in 0..<size - 1 {
            for x in 0..<size - 1 {
                let colour = dark[y * size + x]
                if dark[y * size + x + 1] == colour, dark[(y + 1) * size + x] == colour, dark[(y + 1) * size + x + 1] == colour {
                    score += 3
                }
            }
        }
        let darkCount = dark.reduce(0) { $0 + ($1 ? 1 : 0) }
        let total = size * size
        let steps = (abs(darkCount * 20 - total * 10) + total - 1) / total - 1
        score += max(0, steps) * 10
        return score
    }

    /// The penalties of one row or column: runs (rule 1) and finder-like patterns (rule 3,
    /// with the light quiet zone beyond the symbol counted as light).
    static func linePenalty(size: Int, _ module: (Int) -> Bool) -> Int {
        var score = 0
        var run = 0
        var previous: Bool?
        for index in 0..<size {
            let colour = module(index)
            if colour == previous {
                run += 1
            } else {
                if run >= 5 { score += run - 2 }
                run = 1
                previous = colour
            }
        }
        if run >= 5 { score += run - 2 }
        func at(_ index: Int) -> Bool { index >= 0 && index < size && module(index) }
        for start in 0..<size {
            let core = at(start) && !at(start + 1) && at(start + 2) && at(start + 3) && at(start + 4) && !at(start + 5) && at(start + 6)
            guard core else { continue }
            let lightBefore = (start - 4..<start).allSatisfy { !at($0) }
            let lightAfter = (start + 7..<start + 11).allSatisfy { !at($0) }
            if lightBefore || lightAfter { score += 40 }
        }
        return score
    }
}
