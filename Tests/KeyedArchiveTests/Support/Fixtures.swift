import Foundation
import Testing

/// One entry of the fixtures' `index.json`.
struct FixtureEntry: Decodable, Sendable, CustomTestStringConvertible {
    var file: String
    var expected: String
    var format: String
    var kind: String
    var plist_must_parse: Bool
    var keyed_archive_valid: Bool?

    var testDescription: String { file }
}

/// Loads the Apple fixtures copied into the test bundle.
enum Fixtures {
    /// The bytes of a fixture file.
    static func data(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/apple/\(name)", withExtension: nil), "fixture \(name) is missing")
        return try Data(contentsOf: url)
    }

    /// The bytes of a file from `Fixtures/other` (plists written by other programs).
    static func other(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/other/\(name)", withExtension: nil), "fixture \(name) is missing")
        return try Data(contentsOf: url)
    }

    /// Every entry of `index.json`.
    static let index: [FixtureEntry] = {
        guard let url = Bundle.module.url(forResource: "Fixtures/apple/index.json", withExtension: nil),
              let data = try? Data(contentsOf: url) else { return [] }
        struct Index: Decodable { var files: [FixtureEntry] }
        return (try? JSONDecoder().decode(Index.self, from: data).files) ?? []
    }()
}
