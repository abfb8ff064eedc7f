// A child process for the document-store tests: it works on a real folder until it is done or
// killed, printing one line per operation that returned (was acknowledged).
//
//   document-store-stress create ROOT COUNT        create COUNT bundles, print "created ID"
//   document-store-stress churn ROOT FIRST-SEQ SEED  create, rewrite, attach and delete forever
//   document-store-stress increment ROOT ID COUNT     add 1 to the number in bundle ID, COUNT times
//
// Lines are written with one write(2) each, so a kill never leaves half a line.
import DocumentStore
import DocumentStoreSamples
import Foundation
import KeyedArchive

func acknowledge(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("document-store-stress: \(message)\n".utf8))
    exit(1)
}

func record(_ sequence: Int, _ random: inout SystemRandomNumberGenerator) throws -> Data {
    try KeyedArchiver.archivedData(withRoot: StressRecord(sequence: sequence, size: Int.random(in: 0...30_000, using: &random)))
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 else { fail("usage: create ROOT COUNT | churn ROOT FIRST-SEQ SEED | increment ROOT ID COUNT") }
let folder = DocumentFolder(root: URL(fileURLWithPath: arguments[2]), configuration: .sampleCreatures)
var random = SystemRandomNumberGenerator()

do {
    try await folder.open()
    switch arguments[1] {
    case "create":
        guard let count = Int(arguments[3]) else { fail("COUNT must be a number") }
        for index in 0..<count {
            let bundle = try await folder.create(data: try KeyedArchiver.archivedData(withRoot: StressRecord(sequence: index, size: 16)))
            acknowledge("created \(bundle.id)")
        }
    case "churn":
        guard var sequence = Int(arguments[3]) else { fail("FIRST-SEQ must be a number") }
        while true {
            sequence += 1
            let ids = try await folder.bundles().map(\.id)
            let choice = ids.count < 4 ? 0 : Int.random(in: 0..<10, using: &random)
            switch choice {
            case 0, 1:
                let bundle = try await folder.create(data: try record(sequence, &random))
                acknowledge("created \(bundle.id) \(sequence)")
            case 2:
                guard let id = ids.randomElement(using: &random) else { continue }
                try await folder.delete(id)
                acknowledge("deleted \(id)")
            case 3, 4, 5:
                guard let id = ids.randomElement(using: &random) else { continue }
                let attachment = try record(sequence, &random)
                try await folder.writeAttachment(attachment, named: "photo.bin", of: id)
                acknowledge("attached \(id) \(sequence)")
            default:
                guard let id = ids.randomElement(using: &random) else { continue }
                try await folder.writeData(try record(sequence, &random), of: id)
                acknowledge("wrote \(id) \(sequence)")
            }
        }
    case "increment":
        guard arguments.count >= 5, let id = Int(arguments[3]), let count = Int(arguments[4]) else { fail("ID and COUNT must be numbers") }
        for _ in 0..<count {
            try await folder.update(id) { old in
                let value = Int(String(decoding: old ?? Data(), as: UTF8.self)) ?? 0
                return Data("\(value + 1)".utf8)
            }
        }
        acknowledge("incremented \(count)")
    default:
        fail("unknown mode \(arguments[1])")
    }
} catch {
    fail("\(error)")
}
