import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("The homepwner command attaches, lists and detaches files", .timeLimit(.minutes(4)))
struct CLIAttachmentTests {
    @Test("attach, attachments (text and --json), detach by number, and delete taking the files along, as a real process")
    func attachListDetach() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let added = try await homepwner(["add", "Washer"] + data)
            let key = CLITests.addedKey(added)
            let receipt = folder.appendingPathComponent("Receipt 2024.pdf")
            try AttachmentStoreTests.pdf.write(to: receipt)
            let attached = try await homepwner(["attach", String(key.prefix(8)), receipt.path] + data)
            #expect(attached.status == 0, "\(attached.errors)")
            #expect(attached.output == "\(key).attachment-1-Receipt_2024.pdf  attached\n")
            #expect(try Data(contentsOf: folder.appendingPathComponent("\(key).attachment-1-Receipt_2024.pdf")) == AttachmentStoreTests.pdf)
            let listed = try await homepwner(["attachments", key] + data)
            #expect(listed.output == "1  Receipt_2024.pdf  (\(key).attachment-1-Receipt_2024.pdf)\n")
            let json = try await homepwner(["attachments", key, "--json"] + data)
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
            #expect(entries.map { $0["contentType"] as? String } == ["application/pdf"])
            #expect(try await homepwner(["detach", key, "1"] + data).status == 0)
            #expect(try await homepwner(["attachments", key] + data).output == "no attachments (add one with: homepwner attach KEY FILE)\n")
            #expect(try await homepwner(["attach", key, receipt.path] + data).status == 0)
            #expect(try await homepwner(["delete", key] + data).status == 0)
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".attachment-") }
            #expect(left == [])
        }
    }

    @Test("a file that is not a PDF, JPEG or PNG is one line on stderr and exit 65; nothing is written")
    func refusals() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let key = CLITests.addedKey(try await homepwner(["add", "Washer"] + data))
            let script = folder.appendingPathComponent("evil.pdf")
            try Data("<svg onload=alert(1)>".utf8).write(to: script)
            let refused = try await homepwner(["attach", key, script.path] + data)
            #expect(refused.status == 65)
            #expect(refused.errors == "homepwner: error: an attachment must be a PDF, JPEG or PNG file (its first bytes say what it is), and this one is none of them\n")
            let unknown = try await homepwner(["detach", key, "7"] + data)
            #expect(unknown.status == 66)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".attachment-") } == [])
        }
    }
}
