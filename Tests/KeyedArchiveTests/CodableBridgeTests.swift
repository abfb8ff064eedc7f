import Foundation
import Testing
import KeyedArchive

private struct Owner: Codable, Equatable {
    var name: String
    var age: Int
    var balance: Double
    var ratio: Float
    var active: Bool
    var nickname: String?
    var tags: [String]
    var scores: [String: Int]
    var byID: [Int: String]
    var created: Date
    var avatar: Data
    var homepage: URL
    var id: UUID
    var pet: Pet
    var history: [Event]
    var big: UInt64
    var small: Int8
}

private struct Pet: Codable, Equatable {
    var species: String
    var legs: UInt8
}

private enum Event: Codable, Equatable {
    case born(year: Int)
    case moved(from: String, to: String)
    case retired
}

private class Animal: Codable {
    var name: String
    init(name: String) { self.name = name }
}

private final class Dog: Animal {
    var breed: String
    init(name: String, breed: String) {
        self.breed = breed
        super.init(name: name)
    }
    private enum CodingKeys: String, CodingKey { case breed }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        try super.init(from: container.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try super.encode(to: container.superEncoder())
    }
}

private func sampleOwner(nickname: String? = "Bo") -> Owner {
    Owner(
        name: "Boris", age: 41, balance: -12.5, ratio: 0.25, active: true, nickname: nickname,
        tags: ["a", "b", "ü"], scores: ["x": 1, "y": -2], byID: [7: "seven", 9: "nine"],
        created: Date(timeIntervalSinceReferenceDate: 600_000_000.5), avatar: Data([1, 2, 3]),
        homepage: URL(string: "https://example.com/boris")!, id: UUID(),
        pet: Pet(species: "cat", legs: 4),
        history: [.born(year: 1983), .moved(from: "Riga", to: "Oslo"), .retired],
        big: UInt64.max, small: -8
    )
}

@Suite("Codable bridge")
struct CodableBridgeTests {
    @Test("nested Codable values round-trip in both formats", arguments: [PropertyListFormat.binary, .xml])
    func roundTrip(format: PropertyListFormat) throws {
        var encoder = KeyedArchiveEncoder()
        encoder.outputFormat = format
        for owner in [sampleOwner(), sampleOwner(nickname: nil)] {
            let data = try encoder.encode(owner)
            #expect(PropertyListFormat.detect(data) == format)
            #expect(try KeyedArchiveDecoder().decode(Owner.self, from: data) == owner)
        }
    }

    @Test("class inheritance round-trips through superEncoder and superDecoder")
    func inheritance() throws {
        let data = try KeyedArchiveEncoder().encode(Dog(name: "Rex", breed: "collie"))
        let dog = try KeyedArchiveDecoder().decode(Dog.self, from: data)
        #expect(dog.name == "Rex")
        #expect(dog.breed == "collie")
    }

    @Test("Foundation's NSKeyedUnarchiver reads our archive as plain Foundation objects")
    func foundationReadsOurs() throws {
        let owner = sampleOwner()
        let data = try KeyedArchiveEncoder().encode(owner)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        let root = try #require(unarchiver.decodeObject(forKey: "root") as? [String: Any])
        #expect(root["name"] as? String == "Boris")
        #expect((root["age"] as? NSNumber)?.intValue == 41)
        #expect((root["balance"] as? NSNumber)?.doubleValue == -12.5)
        #expect((root["active"] as? NSNumber)?.boolValue == true)
        #expect(root["tags"] as? [String] == ["a", "b", "ü"])
        #expect(root["created"] as? Date == owner.created)
        #expect(root["avatar"] as? Data == owner.avatar)
        #expect(root["homepage"] as? URL == owner.homepage)
        #expect((root["id"] as? NSUUID)?.uuidString == owner.id.uuidString)
        let pet = try #require(root["pet"] as? [String: Any])
        #expect(pet["species"] as? String == "cat")
    }

    @Test("our decoder reads a graph archived by Foundation's NSKeyedArchiver")
    func oursReadsFoundation() throws {
        struct Record: Decodable, Equatable {
            var title: String
            var count: Int
            var ratio: Double
            var flags: [Bool]
            var when: Date
            var blob: Data
            var link: URL
            var nested: [String: [Int]]
        }
        let when = Date(timeIntervalSinceReferenceDate: 12345.5)
        let graph: NSDictionary = [
            "title": "Hello", "count": NSNumber(value: 3), "ratio": NSNumber(value: 0.5),
            "flags": [true, false], "when": when as NSDate, "blob": Data([9, 8]) as NSData,
            "link": NSURL(string: "https://swift.org")!, "nested": ["a": [1, 2], "b": [3]],
        ]
        let data = try NSKeyedArchiver.archivedData(withRootObject: graph, requiringSecureCoding: false)
        let record = try KeyedArchiveDecoder().decode(Record.self, from: data)
        #expect(record == Record(title: "Hello", count: 3, ratio: 0.5, flags: [true, false], when: when, blob: Data([9, 8]),
                                 link: URL(string: "https://swift.org")!, nested: ["a": [1, 2], "b": [3]]))
    }

    @Test("wrong types, missing keys and inexact numbers are decoding errors")
    func decodingErrors() throws {
        struct Narrow: Decodable { var small: Int8 }
        struct Missing: Decodable { var absent: String }
        struct Wrong: Decodable { var name: Int }
        let data = try KeyedArchiveEncoder().encode(["small": 300, "name": 1])
        #expect(throws: DecodingError.self) { try KeyedArchiveDecoder().decode(Narrow.self, from: data) }
        #expect(throws: DecodingError.self) { try KeyedArchiveDecoder().decode(Missing.self, from: data) }
        let strings = try KeyedArchiveEncoder().encode(["name": "x"])
        #expect(throws: DecodingError.self) { try KeyedArchiveDecoder().decode(Wrong.self, from: strings) }
    }

    @Test("a cyclic array is an error, and truncated archives throw")
    func hostileInput() throws {
        let cyclic = try Data(contentsOf: #require(Bundle.module.url(forResource: "Fixtures/apple/mw-self-containing-mutablearray.bin.plist", withExtension: nil)))
        #expect(throws: DecodingError.self) { try KeyedArchiveDecoder().decode([[String]].self, from: cyclic) }
        let data = try KeyedArchiveEncoder().encode(sampleOwner())
        for length in stride(from: 0, to: data.count, by: 7) {
            #expect(throws: (any Error).self) { try KeyedArchiveDecoder().decode(Owner.self, from: data.prefix(length)) }
        }
    }
}
