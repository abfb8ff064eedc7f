import Foundation

/// The byte buffer the XML and JSON writers fill: text, tabs, escapes and numbers appended without
/// building intermediate strings.
///
/// The buffer is `malloc`ed and grown with `realloc`, which for large blocks remaps pages instead
/// of copying them, and is handed to `Data` without a copy at the end.
struct ByteOutput {
    private let storage = ByteOutputStorage()

    /// The bytes written so far (a copy; for tests and small outputs).
    var bytes: [UInt8] { Array(UnsafeRawBufferPointer(start: storage.block, count: storage.count)) }

    /// How many bytes have been written.
    var count: Int { storage.count }

    /// Appends the low `width` bytes of `value`, most significant first (binary plists' order).
    @inline(__always)
    mutating func appendBigEndian(_ value: UInt64, width: Int) {
        storage.reserve(width)
        let base = storage.base, offset = storage.count
        switch width {
        case 1: base.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: offset, as: UInt8.self)
        case 2: base.storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, toByteOffset: offset, as: UInt16.self)
        case 4: base.storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, toByteOffset: offset, as: UInt32.self)
        case 8: base.storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt64.self)
        default:
            var shift = (width - 1) * 8
            var next = offset
            while shift >= 0 {
                base.storeBytes(of: UInt8(truncatingIfNeeded: value >> UInt64(shift)), toByteOffset: next, as: UInt8.self)
                next += 1
                shift -= 8
            }
        }
        storage.count = offset + width
    }

    /// Makes room for `count` more bytes at once.
    mutating func reserve(_ count: Int) {
        storage.reserve(count)
    }

    /// Moves the bytes into a `Data` without copying; the output is empty afterwards.
    func takeData() -> Data {
        storage.take()
    }

    /// Calls `body` with the bytes as a `Data` that borrows them (no copy): it must not keep the
    /// `Data` beyond the call.
    func withBorrowedData<Result>(_ body: (Data) throws -> Result) rethrows -> Result {
        guard let block = storage.block, storage.count > 0 else { return try body(Data()) }
        return try body(Data(bytesNoCopy: block, count: storage.count, deallocator: .none))
    }

    /// Forgets the bytes written and keeps the block, for writing again without allocating.
    mutating func removeAll() {
        storage.count = 0
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        storage.reserve(1)
        storage.base.storeBytes(of: byte, toByteOffset: storage.count, as: UInt8.self)
        storage.count += 1
    }

    @inline(__always)
    mutating func append(bytes pointer: UnsafeRawPointer, count: Int) {
        guard count > 0 else { return }
        storage.reserve(count)
        (storage.base + storage.count).copyMemory(from: pointer, byteCount: count)
        storage.count += count
    }

    mutating func append(_ literal: StaticString) {
        append(bytes: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    mutating func append<Bytes: Collection>(contentsOf collection: Bytes) where Bytes.Element == UInt8 {
        for byte in collection { append(byte) }
    }

    mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            if let base = utf8.baseAddress { append(bytes: base, count: utf8.count) }
        }
    }

    mutating func spaces(_ count: Int) {
        storage.reserve(count)
        for index in 0..<count { storage.base.storeBytes(of: 0x20, toByteOffset: storage.count + index, as: UInt8.self) }
        storage.count += count
    }

    mutating func tabs(_ count: Int) {
        storage.reserve(count)
        for index in 0..<count { storage.base.storeBytes(of: 0x09, toByteOffset: storage.count + index, as: UInt8.self) }
        storage.count += count
    }

    /// `text` with `&`, `<` and `>` escaped, and a carriage return as `&#13;` (which XML readers
    /// keep, where they turn a raw one into a line feed).
    mutating func appendEscaped(_ text: String) {
        // Borrowing the bytes (no copy of the string) when they are contiguous, as native
        // strings' are; otherwise through a contiguous copy.
        if text.utf8.withContiguousStorageIfAvailable({ appendEscaped(utf8: $0) }) != nil { return }
        var copy = text
        copy.withUTF8 { appendEscaped(utf8: $0) }
    }

    private mutating func appendEscaped(utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for (index, byte) in utf8.enumerated() {
            let escape: StaticString
            switch byte {
            case UInt8(ascii: "&"): escape = "&amp;"
            case UInt8(ascii: "<"): escape = "&lt;"
            case UInt8(ascii: ">"): escape = "&gt;"
            case 0x0D: escape = "&#13;"
            default: continue
            }
            if let base = utf8.baseAddress { append(bytes: base + runStart, count: index - runStart) }
            append(escape)
            runStart = index + 1
        }
        if let base = utf8.baseAddress { append(bytes: base + runStart, count: utf8.count - runStart) }
    }

    /// A decimal integer.
    mutating func appendInteger(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { append(buffer[index]) }
        }
    }

    /// A real as Apple prints it: `%.17g`; integral values below 10^17 without a point; `nan`,
    /// `+infinity`, `-infinity`; `-0` for negative zero.
    mutating func appendReal(_ number: Double) {
        if number.isNaN { return append("nan") }
        if number.isInfinite { return append(number > 0 ? "+infinity" : "-infinity") }
        if number == 0 { return append(number.sign == .minus ? "-0" : "0") }
        if number == number.rounded(), abs(number) < 1e17 { return appendInteger(Int64(number)) }
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return }
            let written = withVaList([number]) { vsnprintf(base, raw.count, "%.17g", $0) }
            let length = min(max(Int(written), 0), raw.count - 1)
            append(bytes: base, count: length)
        }
    }
}

/// The growing `malloc` block behind ``ByteOutput``; freed unless taken.
private final class ByteOutputStorage {
    /// The block, nil until the first byte; non-nil after any successful `reserve`.
    private(set) var block: UnsafeMutableRawPointer?
    var count = 0
    private var capacity = 0

    /// The block, once `reserve` has made one.
    @inline(__always)
    var base: UnsafeMutableRawPointer { block.unsafelyUnwrapped }

    deinit {
        free(block)
    }

    @inline(__always)
    func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        grow(to: count + extra)
    }

    private func grow(to needed: Int) {
        var newCapacity = max(capacity * 2, 1 << 16)
        while newCapacity < needed { newCapacity *= 2 }
        guard let grown = realloc(block, newCapacity) else {
            // Out of memory, as when an Array cannot grow: there is no way to go on writing.
            preconditionFailure("output buffer: cannot grow the buffer to \(newCapacity) bytes")
        }
        block = grown
        capacity = newCapacity
    }

    func take() -> Data {
        defer {
            block = nil
            capacity = 0
            count = 0
        }
        guard let block, count > 0 else {
            free(block)
            return Data()
        }
        return Data(bytesNoCopy: block, count: count, deallocator: .free)
    }
}
