import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("The homepwner command shows and sets the report's owner and policy block", .timeLimit(.minutes(4)))
struct CLIOwnerTests {
    @Test("owner set, owner show (text and --json), an empty option clears a field, and the report file starts with the block")
    func setAndShow() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            #expect(try await homepwner(["owner"] + data).output == "no owner or policy set (set them with: homepwner owner set --name NAME --insurer NAME --policy NUMBER)\n")
            let set = try await homepwner(["owner", "set", "--name", "Ana Rivera", "--address", "1 Elm St\nSpringfield", "--insurer", "Acme Mutual", "--policy", "HO-3 4471"] + data)
            #expect(set.status == 0, "\(set.errors)")
            #expect(set.output == "Owner: Ana Rivera\nAddress: 1 Elm St\n         Springfield\nInsurer: Acme Mutual\nPolicy: HO-3 4471\n")
            #expect(try await homepwner(["owner", "set", "--address", ""] + data).status == 0)
            let json = try await homepwner(["owner", "show", "--json"] + data)
            let block = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: String])
            #expect(block == ["name": "Ana Rivera", "insurer": "Acme Mutual", "policyNumber": "HO-3 4471"])
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("owner.plist").path))
            let report = folder.appendingPathComponent("report.html")
            #expect(try await homepwner(["report", "--output", report.path] + data).status == 0)
            let html = try String(contentsOf: report, encoding: .utf8)
            #expect(html.contains("<dl class=\"report-owner\" id=\"report-owner\"><div><dt>Owner</dt><dd>Ana Rivera</dd></div><div><dt>Insurer</dt><dd>Acme Mutual</dd></div><div><dt>Policy number</dt><dd>HO-3 4471</dd></div></dl>"))
        }
    }

    @Test("refusals are one line on stderr: nothing given 64, a field breaking its rule 65; nothing is written")
    func refusals() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let empty = try await homepwner(["owner", "set"] + data)
            #expect(empty.status == 64)
            let bad = try await homepwner(["owner", "set", "--name", "Ana\u{7}"] + data)
            #expect(bad.status == 65)
            #expect(bad.errors.hasPrefix("homepwner: error: the owner's name "))
            #expect(bad.errors.filter { $0 == "\n" }.count == 1)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("owner.plist").path))
        }
    }
}
