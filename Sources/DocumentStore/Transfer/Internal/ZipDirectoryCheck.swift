import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The numbers of a zip's directory that ZIPFoundation turns into file offsets, read before it
/// does: it converts them to `off_t` and adds them without a check, so an offset or a ZIP64
/// size past 2^63 — a few bytes an upload can hold — trapped and ended the whole server.
///
/// Its reading is ZIPFoundation's (version 0.9): the end record is the last signature from the
/// end of the file; a ZIP64 end record counts when it sits right before its locator, right
/// before the end record; the directory's entries are read one after another from its start
/// until one lacks its signature. Each entry's ZIP64 extra field holds the sizes and the offset
/// that replace those of 32 bits; every 8-byte value in one must be at most 2^62, and the
/// directory's start at most the file's size, so that no offset or sum of them (an entry's
/// data, a data descriptor after it) can pass `Int64.max`. What is not a zip is left to
/// ZIPFoundation to refuse.
enum ZipDirectoryCheck {
    /// The largest 8-byte value a ZIP64 field may hold: far past any real file, and twice it
    /// plus any header is still an `off_t`.
    static let maxValue: UInt64 = 1 << 62

    /// Checks the directory of the zip open as `descriptor`, `length` bytes long, reading at most
    /// `maxEntries` entries.
    ///
    /// - Throws: ``ZipImportError`` (naming `shown`) for a number past its bound.
    static func check(_ descriptor: Int32, length: UInt64, maxEntries: Int, shown: String) throws {
        let file = PositionedReads(descriptor: descriptor, length: length)
        func refuse(_ what: String) -> ZipImportError {
            ZipImportError("\(shown) is not a zip file that can be read: \(what); choose a .zip that Export made")
        }
        // ZIPFoundation's search starts 22 bytes (an end record without a comment) from the end.
        guard length >= 22, let end = file.lastOffset(ofSignature: 0x0605_4B50, before: length - 18) else { return }
        var start = UInt64(file.uint32(at: end + 16) ?? 0)
        var count = UInt64(file.uint16(at: end + 10) ?? 0)
        // The ZIP64 end record, where ZIPFoundation looks for it.
        if end > 20, end - 20 > 56, file.uint32(at: end - 20) == 0x0706_4B50,
           file.uint32(at: end - 76) == 0x0606_4B50, let version = file.uint16(at: end - 76 + 14), version >= 45 {
            start = file.uint64(at: end - 76 + 48) ?? 0
            count = file.uint64(at: end - 76 + 32) ?? 0
        }
        guard start <= length else { throw refuse("its directory starts past its end") }
        var position = start
        var index: UInt64 = 0
        while index < count, index <= UInt64(maxEntries) {
            guard file.uint32(at: position) == 0x0201_4B50,
                  let nameLength = file.uint16(at: position + 28), let extraLength = file.uint16(at: position + 30),
                  let commentLength = file.uint16(at: position + 32),
                  let extra = file.bytes(at: position + 46 + UInt64(nameLength), count: Int(extraLength))
            else { return }
            for value in zip64Values(in: extra) where value > maxValue {
                throw refuse("entry \(index + 1) gives a size or an offset of \(value) bytes")
            }
            position += 46 + UInt64(nameLength) + UInt64(extraLength) + UInt64(commentLength)
            index += 1
        }
    }

    /// Every 8-byte value of every ZIP64 extended information block (ID 1) in `extra`, walked
    /// as blocks of a 2-byte ID and a 2-byte length.
    static func zip64Values(in extra: [UInt8]) -> [UInt64] {
        var values: [UInt64] = []
        var offset = 0
        while offset + 4 <= extra.count {
            let id = UInt16(extra[offset]) | UInt16(extra[offset + 1]) << 8
            let size = Int(UInt16(extra[offset + 2]) | UInt16(extra[offset + 3]) << 8)
            let data = offset + 4
            let end = min(data + size, extra.count)
            if id == 1 {
                var word = data
                while word + 8 <= end {
                    values.append(extra[word..<word + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) })
                    word += 8
                }
            }
            offset = data + size
        }
        return values
    }
}

/// Little-endian numbers read at offsets of an open file with `pread`; nil past its end.
private struct PositionedReads {
    let descriptor: Int32
    let length: UInt64

    func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
        guard count >= 0, offset <= length, UInt64(count) <= length - offset else { return nil }
        guard count > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = buffer.withUnsafeMutableBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return -1 }
                return pread(descriptor, base + done, count - done, off_t(offset) + off_t(done))
            }
            guard read > 0 else { return nil }
            done += read
        }
        return buffer
    }

    func uint16(at offset: UInt64) -> UInt16? { number(at: offset, size: 2).map { UInt16($0) } }
    func uint32(at offset: UInt64) -> UInt32? { number(at: offset, size: 4).map { UInt32($0) } }
    func uint64(at offset: UInt64) -> UInt64? { number(at: offset, size: 8) }

    private func number(at offset: UInt64, size: Int) -> UInt64? {
        bytes(at: offset, count: size)?.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The last offset before `end` where the 4-byte `signature` starts, searched from the end
    /// back in pieces of 64 KiB.
    func lastOffset(ofSignature signature: UInt32, before end: UInt64) -> UInt64? {
        let piece: UInt64 = 64 << 10
        var upper = end
        while upper >= 4 {
            let lower = upper > piece ? upper - piece : 0
            // Pieces overlap by three bytes, so a signature across two is seen.
            guard let chunk = bytes(at: lower, count: Int(upper - lower)) else { return nil }
            var index = chunk.count - 4
            while index >= 0 {
                if chunk[index] == UInt8(signature & 0xFF), chunk[index + 1] == UInt8(signature >> 8 & 0xFF),
                   chunk[index + 2] == UInt8(signature >> 16 & 0xFF), chunk[index + 3] == UInt8(signature >> 24) {
                    return lower + UInt64(index)
                }
                index -= 1
            }
            guard lower > 0 else { return nil }
            upper = lower + 3
        }
        return nil
    }
}
