import Foundation
import KeyedArchive

/// What ``DocumentFolder/list(decode:)`` found: every good bundle with its decoded data, in
/// numeric order, and every bad one with the reason it was skipped.
public struct DocumentListing<Value: Sendable>: Sendable {
    /// The bundles whose data decoded, in increasing id order.
    public var documents: [ListedDocument<Value>]
    /// The bundles that were skipped, in name order.
    public var problems: [DocumentProblem]

    /// Creates a listing.
    public init(documents: [ListedDocument<Value>], problems: [DocumentProblem]) {
        self.documents = documents
        self.problems = problems
    }
}

/// One listed bundle and its decoded data.
public struct ListedDocument<Value: Sendable>: Sendable {
    /// The bundle.
    public var bundle: DocumentBundle
    /// Its decoded data archive.
    public var value: Value

    /// Creates a listed document.
    public init(bundle: DocumentBundle, value: Value) {
        self.bundle = bundle
        self.value = value
    }
}

/// A folder entry that looks like a bundle but cannot be used, and why.
public struct DocumentProblem: Sendable, Hashable, CustomStringConvertible {
    /// Why a bundle was skipped.
    public enum Reason: Sendable, Hashable {
        /// The bundle has no data file.
        case missingData
        /// The data file could not be decoded: damaged bytes. The message says where.
        case corrupt(String)
        /// The data decodes but holds something else (another app's class). The message says what.
        case foreign(String)
        /// The data file could not be read (permissions, I/O). The message says why.
        case unreadable(String)
        /// The entry has the bundle extension but is a file, not a folder.
        case notAFolder
        /// The bundle folder, or its data file, is not what the store reads: a symbolic link
        /// (never followed inside a data folder), a FIFO, a device, a socket, or a folder where
        /// the data file should be. The message says which.
        case unsupportedFileType(String)
        /// The name's number is not a positive decimal number without leading zeros.
        case badNumber
        /// Another folder already has this number (it differs only in the case of its extension).
        case duplicateNumber
    }

    /// The entry's name in the root folder.
    public var name: String
    /// The bundle's number, when the name has one.
    public var id: Int?
    /// Why it was skipped.
    public var reason: Reason

    /// Creates a problem report.
    public init(name: String, id: Int?, reason: Reason) {
        self.name = name
        self.id = id
        self.reason = reason
    }

    /// "12.scarycreature: Data.plist is corrupt: …".
    public var description: String {
        switch reason {
        case .missingData: return "\(name): no data file"
        case .corrupt(let message): return "\(name): corrupt data: \(message)"
        case .foreign(let message): return "\(name): foreign data: \(message)"
        case .unreadable(let message): return "\(name): unreadable: \(message)"
        case .notAFolder: return "\(name): a file, not a bundle folder"
        case .unsupportedFileType(let message): return "\(name): \(message)"
        case .badNumber: return "\(name): not a positive bundle number"
        case .duplicateNumber: return "\(name): another bundle has the same number"
        }
    }

    /// The reason for a data file whose decoding threw `error`.
    static func reason(decoding error: any Error) -> Reason {
        switch error {
        case let error as ArchiveError where error.code == .classMismatch:
            return .foreign(error.message)
        case let error as ArchiveError:
            return .corrupt(error.message)
        case let error as DocumentStoreError where error.code == .corrupt:
            return .corrupt(error.message)
        case let error as DocumentStoreError where error.code == .unsupportedFileType:
            return .unsupportedFileType(error.message)
        case let error as DocumentStoreError:
            return .unreadable(error.message)
        default:
            return .corrupt(String(describing: error))
        }
    }
}
