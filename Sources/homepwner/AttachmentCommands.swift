import ArgumentParser
import CommandLineSupport
import DocumentStore
import Foundation
import Homepwner

/// `attach KEY FILE [--name NAME]`: a receipt, manual or warranty paper beside the item's photo.
struct AttachCommand: ItemChangeCommand {
    static let configuration = CommandConfiguration(commandName: "attach", abstract: "Attach a PDF, JPEG or PNG (at most 20 MiB) to an item, kept byte for byte.")

    @Argument(help: "The item's key, or the start of it.") var key: String
    @Argument(help: "The file to attach.") var file: String
    @Option(help: "The name to keep it under (default: the file's name).") var name: String?
    @OptionGroup var data: DataOptions

    func prepare() async throws -> Data {
        let path = file
        return try await BlockingPool.shared.run { try AttachmentStore.readUpload(atPath: path) }
    }

    func change(item key: String, in store: ItemStore, _ bytes: Data) async throws -> String {
        let attachment = try await store.addAttachment(bytes, fileName: name ?? URL(fileURLWithPath: file).lastPathComponent, forKey: key)
        return "\(attachment.storedName)  attached"
    }
}

/// `attachments KEY [--json]`: an item's attachments, by number.
struct AttachmentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "attachments", abstract: "List an item's attachments.")

    @Argument(help: "The item's key, or the start of it.") var key: String
    @OptionGroup var data: DataOptions
    @OptionGroup var output: OutputOptions

    struct Entry: Encodable {
        var name: String
        var fileName: String
        var contentType: String?
    }

    func run() async throws {
        guard let store = try await data.openForReading() else { throw HomepwnerError(.notFound, "no item has a key starting with \(key)") }
        let key = try await store.resolveKey(key)
        let list = try await store.attachments.attachments(forKey: key)
        try await output.write(json: { list.map { Entry(name: $0.storedName, fileName: $0.fileName, contentType: $0.kind?.contentType) } }) {
            var text = ""
            for attachment in list { text += "\(attachment.number)  \(attachment.fileName)  (\(attachment.storedName))\n" }
            if list.isEmpty { text += "no attachments (add one with: homepwner attach KEY FILE)\n" }
            return text
        }
    }
}

/// `detach KEY NAME`: removes an attachment (named by its number or its stored name).
struct DetachCommand: ItemChangeCommand {
    static let configuration = CommandConfiguration(commandName: "detach", abstract: "Remove an attachment from an item.")

    @Argument(help: "The item's key, or the start of it.") var key: String
    @Argument(help: "The attachment's number or its stored name (as homepwner attachments lists them).") var attachment: String
    @OptionGroup var data: DataOptions

    func change(item key: String, in store: ItemStore, _: Void) async throws -> String {
        var name = attachment
        if let number = Int(attachment), let found = try await store.attachments.attachments(forKey: key).first(where: { $0.number == number }) {
            name = found.storedName
        }
        try await store.removeAttachment(name, forKey: key)
        return "\(terminalSafe(name))  removed"
    }
}
