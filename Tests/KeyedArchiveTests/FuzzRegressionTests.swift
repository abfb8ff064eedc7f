import Foundation
import Testing
import KeyedArchive

/// Every input the fuzzers ever crashed on (Fixtures/fuzz-regressions) now reads, writes and
/// unarchives without trapping.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let inputs: [String] = {
        guard let folder = Bundle.module.url(forResource: "Fixtures/fuzz-regressions", withExtension: nil),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.sorted()
    }()

    @Test("the regression folder is not empty")
    func folderHasInputs() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test("a former crasher gives a value or an error, never a trap", arguments: inputs)
    func replay(name: String) throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/fuzz-regressions/\(name)", withExtension: nil))
        let data = try Data(contentsOf: url)
        if let value = valueOrArchiveError({ try PropertyList(data: data) }) {
            let binary = BinaryPlistWriter.write(value)
            #expect(plistIdentical(try BinaryPlistReader.read(binary), value))
            valueOrArchiveError { try XMLPlistWriter.write(value) }
            _ = value.jsonData()
            _ = PropertyListTreePrinter.render(value)
        }
        if let unarchiver = valueOrArchiveError({ try KeyedUnarchiver(data: data) }) {
            for key in unarchiver.top.keys { valueOrArchiveError { try unarchiver.decode(ArchivedValue.self, forKey: key) } }
            valueOrArchiveError { try ArchiveGraphPrinter.render(unarchiver) }
        }
    }

    @Test("a date outside the years 1 to 9999 is refused by the XML writer and kept by JSON")
    func farDates() throws {
        let far = PropertyList.date(Date(timeIntervalSinceReferenceDate: 1e300))
        let error = try #require(throws: ArchiveError.self) { try XMLPlistWriter.write(far) }
        #expect(error.code == .unencodable)
        #expect(try PropertyList(json: far.jsonData()) == far)
        #expect(try BinaryPlistReader.read(BinaryPlistWriter.write(far)) == far)
    }
}
