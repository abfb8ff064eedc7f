import Foundation

/// A CSV file read as RFC 4180 says, and as spreadsheets write it: UTF-8 with or without a byte
/// order mark, records ended by CRLF, LF or CR (the last may have none), fields with a comma, a
/// quote or a line break in double quotes, quotes doubled inside them. Blank lines are skipped.
///
/// Reading is total and bounded: any bytes give a table or one error naming the row, and work and
/// memory stay proportional to the input within ``Limits``.
public struct CSVTable: Sendable, Equatable {
    /// One record: its fields, and the line of the file it starts on (from 1).
    public struct Row: Sendable, Equatable {
        /// The line of the file the record starts on, as a text editor numbers them (the
        /// header's is 1; a line break inside a quoted cell starts a new line).
        public var line: Int
        /// Its fields, as written (quotes removed).
        public var fields: [String]
    }

    /// How much a CSV file may hold.
    public struct Limits: Sendable {
        /// The largest file.
        public var maxBytes: Int
        /// The most records, the header included.
        public var maxRows: Int
        /// The most fields in one record.
        public var maxFields: Int
        /// The largest field, in bytes of UTF-8.
        public var maxFieldBytes: Int

        /// 64 MB, 100,001 records (a header and 100,000 items), 64 fields, 64 KiB a field.
        public static let `default` = Limits(maxBytes: 64 << 20, maxRows: 100_001, maxFields: 64, maxFieldBytes: 64 << 10)

        /// Limits of your own.
        public init(maxBytes: Int, maxRows: Int, maxFields: Int, maxFieldBytes: Int) {
            self.maxBytes = maxBytes
            self.maxRows = maxRows
            self.maxFields = maxFields
            self.maxFieldBytes = maxFieldBytes
        }
    }

    /// The first record.
    public var header: [String]
    /// The records after it.
    public var rows: [Row]

    /// The table in `data`.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` in one sentence: an empty file, bytes that are
    ///   not UTF-8 (with the line), a quoted field never closed or followed by something other
    ///   than a comma or a line end, or a limit passed.
    public init(_ data: Data, limits: Limits = .default) throws {
        guard data.count <= limits.maxBytes else {
            throw HomepwnerError(.invalidValue, "a CSV file can have at most \(limits.maxBytes) bytes, not \(data.count)")
        }
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var parser = CSVParser(bytes: bytes, limits: limits)
        var records = try parser.records()
        guard !records.isEmpty else { throw HomepwnerError(.invalidValue, "the CSV file is empty: it needs at least its header row") }
        header = records.removeFirst().fields
        rows = records
    }
}

/// The state of one pass over the bytes.
private struct CSVParser {
    let bytes: [UInt8]
    let limits: CSVTable.Limits
    var index = 0
    var line = 1

    init(bytes: [UInt8], limits: CSVTable.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    mutating func records() throws -> [CSVTable.Row] {
        var records: [CSVTable.Row] = []
        while index < bytes.count {
            let start = line
            let fields = try record()
            // A blank line (one empty field) is no record.
            if fields.count == 1, fields[0].isEmpty { continue }
            guard records.count < limits.maxRows else {
                throw HomepwnerError(.invalidValue, "a CSV file can have at most \(limits.maxRows - 1) rows after its header")
            }
            records.append(CSVTable.Row(line: start, fields: fields))
        }
        return records
    }

    /// One record, through its line end.
    private mutating func record() throws -> [String] {
        var fields: [String] = []
        while true {
            guard fields.count < limits.maxFields else {
                throw HomepwnerError(.invalidValue, "line \(line): a row can have at most \(limits.maxFields) fields")
            }
            fields.append(try field())
            guard index < bytes.count else { return fields }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "\r"):
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                line += 1
                return fields
            default:  // "\n"
                line += 1
                return fields
            }
        }
    }

    /// One field, up to (not through) the comma or line end after it.
    private mutating func field() throws -> String {
        let startLine = line
        var value: [UInt8] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            while true {
                guard index < bytes.count else {
                    throw HomepwnerError(.invalidValue, "line \(startLine): a quoted field is never closed")
                }
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                        value.append(byte)
                        index += 1
                        continue
                    }
                    guard index == bytes.count || [UInt8(ascii: ","), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(bytes[index]) else {
                        throw HomepwnerError(.invalidValue, "line \(line): a quoted field must end at a comma or the end of the line")
                    }
                    break
                }
                if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && !(index < bytes.count && bytes[index] == UInt8(ascii: "\n"))) { line += 1 }
                value.append(byte)
                try checkSize(value, startLine)
            }
        } else {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") { break }
                value.append(byte)
                index += 1
                try checkSize(value, startLine)
            }
        }
        guard let text = String(validating: value, as: UTF8.self) else {
            throw HomepwnerError(.invalidValue, "line \(startLine): the file is not UTF-8 (save it from the spreadsheet as \"CSV UTF-8\")")
        }
        return text
    }

    private func checkSize(_ value: [UInt8], _ startLine: Int) throws {
        guard value.count <= limits.maxFieldBytes else {
            throw HomepwnerError(.invalidValue, "line \(startLine): a field can have at most \(limits.maxFieldBytes) bytes")
        }
    }
}

extension CSVTable {
    /// The bytes of the CSV file at `path` (a final link followed): only a regular file is read,
    /// and only if its size, taken from the open file, is within ``Limits/default``.
    ///
    /// - Throws: ``HomepwnerError`` `.notFound`, `.tooLarge`, `.corrupt` for a folder, FIFO or
    ///   device, `.storage` for a file that cannot be read.
    public static func readFile(atPath path: String) throws -> Data {
        try ArchiveFileReading.read(URL(fileURLWithPath: path), limit: Limits.default.maxBytes, followingSymlinks: true, tooLarge: .tooLarge)
    }
}
