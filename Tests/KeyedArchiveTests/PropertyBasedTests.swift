import Foundation
import Testing
import KeyedArchive
import TestSupport

/// A node of a random object graph: a class, so instances can be shared.
private final class GraphNode: Archivable {
    static let archiveClassName = "GraphNode"
    var label: String
    var weight: Double
    var tags: [String]
    var attributes: [String: Int]
    var children: [GraphNode] = []
    var link: GraphNode?
    var stamp: Date?

    init(label: String, weight: Double, tags: [String], attributes: [String: Int], stamp: Date?) {
        self.label = label
        self.weight = weight
        self.tags = tags
        self.attributes = attributes
        self.stamp = stamp
    }

    func encode(with coder: inout ArchiveEncoder) {
        coder.encode(label, forKey: "label")
        coder.encode(weight, forKey: "weight")
        coder.encode(tags, forKey: "tags")
        coder.encode(attributes, forKey: "attributes")
        coder.encode(children, forKey: "children")
        coder.encode(link, forKey: "link")
        coder.encode(stamp, forKey: "stamp")
    }

    init(from coder: ArchiveDecoder) throws {
        label = try coder.decodeRequired(String.self, forKey: "label")
        weight = try coder.decodeRequired(Double.self, forKey: "weight")
        tags = try coder.decodeRequired([String].self, forKey: "tags")
        attributes = try coder.decodeRequired([String: Int].self, forKey: "attributes")
        children = try coder.decodeRequired([GraphNode].self, forKey: "children")
        link = try coder.decode(GraphNode.self, forKey: "link")
        stamp = try coder.decode(Date.self, forKey: "stamp")
    }

    /// A description of the graph below this node that shows sharing by node number.
    func shape(_ numbers: inout [ObjectIdentifier: Int]) -> String {
        let id = ObjectIdentifier(self)
        if let number = numbers[id] { return "→\(number)" }
        numbers[id] = numbers.count
        let fields = "\(label)|\(weight)|\(tags)|\(attributes.sorted { $0.key < $1.key })|\(stamp?.timeIntervalSinceReferenceDate ?? -1)"
        let kids = children.map { $0.shape(&numbers) }.joined(separator: ",")
        return "(\(fields)[\(kids)]\(link.map { $0.shape(&numbers) } ?? "-"))"
    }
}

@Suite("Property-based round trips")
struct PropertyBasedTests {
    @Test("500 random plists survive our binary writer and reader, and Foundation reads them")
    func randomPlists() throws {
        for seed in 0..<500 as Range<UInt64> {
            var random = RandomPlist(seed: seed)
            let value = random.value()
            let data = BinaryPlistWriter.write(value)
            let back = try BinaryPlistReader.read(data)
            #expect(back == value, "seed \(seed)")
            #expect(throws: Never.self, "seed \(seed)") { try PropertyListSerialization.propertyList(from: data, format: nil) }
            let xml = try value.encoded(as: .xml)
            #expect(plistEquivalent(try PropertyList(data: xml), value), "seed \(seed) (XML)")
        }
    }

    @Test("200 random plists written by Foundation read in ours")
    func foundationWrittenPlists() throws {
        for seed in 1000..<1200 as Range<UInt64> {
            var random = RandomPlist(seed: seed)
            random.includeUIDs = false
            let value = random.value()
            let object = try PropertyListSerialization.propertyList(from: BinaryPlistWriter.write(value), format: nil)
            for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
                let data = try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
                #expect(plistEquivalent(try PropertyList(data: data), value), "seed \(seed) format \(format)")
            }
        }
    }

    @Test("200 random object graphs with shared instances round-trip and open generically")
    func randomObjectGraphs() throws {
        for seed in 0..<200 as Range<UInt64> {
            var generator = SplitMix64(seed: seed &* 7919)
            var random = RandomPlist(seed: seed)
            let count = Int.random(in: 1...12, using: &generator)
            let nodes = (0..<count).map { index in
                GraphNode(label: random.string() + "\(index)", weight: Double.random(in: -10...10, using: &generator),
                          tags: (0..<Int.random(in: 0...3, using: &generator)).map { _ in random.string() },
                          attributes: [random.string(): Int.random(in: -5...5, using: &generator)],
                          stamp: Bool.random(using: &generator) ? Date(timeIntervalSinceReferenceDate: Double(seed) * 1000) : nil)
            }
            // Edges only point forward, so the graph is acyclic, but nodes are shared.
            for (index, node) in nodes.enumerated() where index + 1 < nodes.count {
                for _ in 0..<Int.random(in: 0...3, using: &generator) {
                    node.children.append(nodes[Int.random(in: (index + 1)..<nodes.count, using: &generator)])
                }
                if Bool.random(using: &generator) { node.link = nodes[Int.random(in: (index + 1)..<nodes.count, using: &generator)] }
            }
            let root = nodes[0]
            let data = try KeyedArchiver.archivedData(withRoot: root)
            let back = try KeyedUnarchiver.unarchive(GraphNode.self, from: data)
            var left: [ObjectIdentifier: Int] = [:]
            var right: [ObjectIdentifier: Int] = [:]
            #expect(back.shape(&right) == root.shape(&left), "seed \(seed)")
            #expect(throws: Never.self, "seed \(seed)") { _ = try KeyedUnarchiver(data: data).decode(ArchivedValue.self) }
        }
    }

    @Test("random graphs of Foundation types read in Foundation as the same collections")
    func foundationCollections() throws {
        for seed in 0..<100 as Range<UInt64> {
            var generator = SplitMix64(seed: seed)
            var random = RandomPlist(seed: seed)
            var value: [String: [String]] = [:]
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                value[random.string()] = (0..<Int.random(in: 0...4, using: &generator)).map { _ in random.string() }
            }
            let data = try KeyedArchiver.archivedData(withRoot: value)
            let object = try foundationRoot(data) as? [String: [String]]
            #expect(object == value, "seed \(seed)")
        }
    }
}
