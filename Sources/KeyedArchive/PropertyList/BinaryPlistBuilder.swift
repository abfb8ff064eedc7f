import Foundation

/// Writes a binary property list (`bplist00`) object by object, without building a
/// ``PropertyList`` tree first: the fast way to write a large, regular plist such as a keyed
/// archive of thousands of objects of the same shape.
///
/// Each call adds one object to the plist's object table and returns its ``Reference``; arrays
/// and dictionaries are given the references of their elements. Nothing is shared on its own:
/// a caller that wants equal values stored once keeps its own table of references (as
/// ``BinaryPlistWriter`` does). A container can be numbered before its elements exist
/// (``reserve()``) and filled once they do (``fill(_:array:)``, ``fill(_:keys:values:)``).
///
/// Scalars are written to the output as they are added; containers are written at the end,
/// once the number of objects — and so the width of a reference — is known. References and
/// offsets use the smallest of 1, 2, 4 or 8 bytes that fits, as CoreFoundation writes them.
public struct BinaryPlistBuilder {
    /// An object's number in the plist's object table.
    public typealias Reference = Int

    private struct Container {
        var number: Int32
        var count: Int32
        var start: Int
        var marker: UInt8
    }

    private var output = ByteOutput()
    /// Each object's offset in `output`; a container's is -1 while reserved, -2 once filled,
    /// and its offset once written at the end.
    private var offsets: [Int] = []
    private var containers: [Container] = []
    private var references: [Int32] = []

    /// Starts an empty plist; `expectedObjects` sizes the tables to avoid regrowing them.
    public init(expectedObjects: Int = 0) {
        offsets.reserveCapacity(expectedObjects)
        references.reserveCapacity(expectedObjects)
        output.append("bplist00")
    }

    /// How many objects have been added (also the next object's ``Reference``).
    public var objectCount: Int { offsets.count }

    /// Adds a string: ASCII as bytes, anything else as UTF-16, as CoreFoundation writes it.
    public mutating func string(_ text: String) -> Reference {
        let number = startScalar()
        var text = text
        let isASCII = text.withUTF8 { utf8 in
            for byte in utf8 where byte >= 0x80 { return false }
            appendHeader(0x50, count: utf8.count)
            if let base = utf8.baseAddress { output.append(bytes: base, count: utf8.count) }
            return true
        }
        if !isASCII {
            appendHeader(0x60, count: text.utf16.count)
            for unit in text.utf16 { output.appendBigEndian(UInt64(unit), width: 2) }
        }
        return number
    }

    /// Adds a signed integer in the fewest bytes that hold it (8 for a negative one).
    public mutating func integer(_ value: Int64) -> Reference {
        let number = startScalar()
        appendInteger(value)
        return number
    }

    /// Adds an 8-byte real, bit for bit.
    public mutating func real(_ value: Double) -> Reference {
        let number = startScalar()
        output.append(0x23)
        output.appendBigEndian(value.bitPattern, width: 8)
        return number
    }

    /// Adds a keyed-archive UID.
    public mutating func uid(_ value: UInt32) -> Reference {
        let number = startScalar()
        let width = value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : 4
        output.append(0x80 | UInt8(width - 1))
        output.appendBigEndian(UInt64(value), width: width)
        return number
    }

    /// Adds any value; a container is added with all it holds, nothing shared.
    public mutating func add(_ value: PropertyList) -> Reference {
        switch value {
        case .string(let text): return string(text)
        case .integer(let integer): return self.integer(integer)
        case .real(let real): return self.real(real)
        case .uid(let uid): return self.uid(uid)
        case .array(let elements):
            let number = reserve()
            fill(number, array: elements.map { add($0) })
            return number
        case .set(let elements):
            let number = reserve()
            fill(number, set: elements.map { add($0) })
            return number
        case .dictionary(let dictionary):
            let number = reserve()
            var keys: [Reference] = []
            var values: [Reference] = []
            keys.reserveCapacity(dictionary.count)
            values.reserveCapacity(dictionary.count)
            for (key, child) in dictionary {
                keys.append(string(key.string))
                values.append(add(child))
            }
            fill(number, keys: keys, values: values)
            return number
        case .unsignedInteger, .float, .bool, .date, .data:
            let number = startScalar()
            appendOtherScalar(value)
            return number
        }
    }

    /// Numbers a container whose elements are not added yet; give them with one of the
    /// `fill` methods before ``data(root:)``.
    public mutating func reserve() -> Reference {
        precondition(offsets.count < Int(Int32.max), "binary plist builder: more than \(Int32.max) objects")
        offsets.append(-1)
        return offsets.count - 1
    }

    /// Makes the reserved `container` an array of `elements`.
    public mutating func fill(_ container: Reference, array elements: [Reference]) {
        record(container, marker: 0xA0, count: elements.count, elements, [])
    }

    /// Makes the reserved `container` a set of `elements`.
    public mutating func fill(_ container: Reference, set elements: [Reference]) {
        record(container, marker: 0xC0, count: elements.count, elements, [])
    }

    /// Makes the reserved `container` a dictionary: `keys[i]` (string objects) maps to `values[i]`.
    public mutating func fill(_ container: Reference, keys: [Reference], values: [Reference]) {
        precondition(keys.count == values.count, "binary plist builder: \(keys.count) keys but \(values.count) values")
        record(container, marker: 0xD0, count: keys.count, keys, values)
    }

    /// Adds an array of `elements`.
    public mutating func array(_ elements: [Reference]) -> Reference {
        let number = reserve()
        fill(number, array: elements)
        return number
    }

    /// Adds a dictionary in which `keys[i]` (string objects) maps to `values[i]`.
    public mutating func dictionary(keys: [Reference], values: [Reference]) -> Reference {
        let number = reserve()
        fill(number, keys: keys, values: values)
        return number
    }

    /// The finished plist, whose top object is `root`; the builder is empty afterwards.
    public mutating func data(root: Reference) -> Data {
        finish(root: root)
        defer { self = BinaryPlistBuilder() }
        return output.takeData()
    }

    /// Calls `body` with the finished plist (top object `root`) without copying or moving it,
    /// then empties the builder but keeps its memory: a builder used again and again (a server
    /// rewriting one file) allocates nothing once it has grown to the plist's size. `body` must
    /// not keep the `Data` beyond the call.
    public mutating func withData<Result>(root: Reference, _ body: (Data) throws -> Result) rethrows -> Result {
        finish(root: root)
        defer { removeAll() }
        return try output.withBorrowedData(body)
    }

    /// Empties the builder, keeping the memory its tables and output have grown to.
    public mutating func removeAll() {
        output.removeAll()
        output.append("bplist00")
        offsets.removeAll(keepingCapacity: true)
        containers.removeAll(keepingCapacity: true)
        references.removeAll(keepingCapacity: true)
    }

    /// Writes the containers, the offset table and the trailer after the scalars.
    private mutating func finish(root: Reference) {
        precondition(root >= 0 && root < offsets.count, "binary plist builder: the root \(root) is not an object")
        precondition(!offsets.contains(-1), "binary plist builder: a reserved container was never filled")
        let referenceWidth = Self.byteWidth(UInt64(offsets.count))
        output.reserve(containers.count * 2 + references.count * referenceWidth)
        for container in containers {
            offsets[Int(container.number)] = output.count
            appendHeader(container.marker, count: Int(container.count))
            let total = container.marker == 0xD0 ? Int(container.count) * 2 : Int(container.count)
            for index in container.start..<(container.start + total) {
                output.appendBigEndian(UInt64(references[index]), width: referenceWidth)
            }
        }
        let tableOffset = output.count
        // CoreFoundation requires the offset width to be able to address the table itself.
        let offsetWidth = Self.byteWidth(UInt64(tableOffset))
        for offset in offsets { output.appendBigEndian(UInt64(offset), width: offsetWidth) }
        output.appendBigEndian(0, width: 6)
        output.append(UInt8(offsetWidth))
        output.append(UInt8(referenceWidth))
        output.appendBigEndian(UInt64(offsets.count), width: 8)
        output.appendBigEndian(UInt64(root), width: 8)
        output.appendBigEndian(UInt64(tableOffset), width: 8)
    }

    // MARK: Writing

    private mutating func startScalar() -> Reference {
        precondition(offsets.count < Int(Int32.max), "binary plist builder: more than \(Int32.max) objects")
        offsets.append(output.count)
        return offsets.count - 1
    }

    /// Records a container's element references: `first`, then `second` (a dictionary's values).
    private mutating func record(_ container: Reference, marker: UInt8, count: Int, _ first: [Reference], _ second: [Reference]) {
        precondition(container >= 0 && container < offsets.count && offsets[container] == -1, "binary plist builder: \(container) is not a reserved, unfilled container")
        offsets[container] = -2 // filled: written in data(root:)
        let start = references.count
        appendReferences(first)
        appendReferences(second)
        containers.append(Container(number: Int32(truncatingIfNeeded: container), count: Int32(count), start: start, marker: marker))
    }

    private mutating func appendReferences(_ list: [Reference]) {
        let objectCount = offsets.count
        for reference in list {
            precondition(reference >= 0 && reference < objectCount, "binary plist builder: \(reference) is not an object")
            references.append(Int32(truncatingIfNeeded: reference))
        }
    }

    private mutating func appendHeader(_ marker: UInt8, count: Int) {
        if count < 15 {
            output.append(marker | UInt8(count))
        } else {
            output.append(marker | 0x0F)
            appendInteger(Int64(count))
        }
    }

    private mutating func appendInteger(_ value: Int64) {
        if value < 0 {
            output.append(0x13)
            output.appendBigEndian(UInt64(bitPattern: value), width: 8)
            return
        }
        let width = Self.byteWidth(UInt64(value))
        output.append(0x10 | UInt8(width.trailingZeroBitCount))
        output.appendBigEndian(UInt64(value), width: width)
    }

    private mutating func appendOtherScalar(_ value: PropertyList) {
        switch value {
        case .bool(let flag):
            output.append(flag ? 0x09 : 0x08)
        case .unsignedInteger(let value):
            output.append(0x14)
            output.appendBigEndian(0, width: 8)
            output.appendBigEndian(value, width: 8)
        case .float(let value):
            output.append(0x22)
            output.appendBigEndian(UInt64(value.bitPattern), width: 4)
        case .date(let date):
            output.append(0x33)
            output.appendBigEndian(date.timeIntervalSinceReferenceDate.bitPattern, width: 8)
        case .data(let bytes):
            appendHeader(0x40, count: bytes.count)
            bytes.withUnsafeBytes { raw in
                if let base = raw.baseAddress { output.append(bytes: base, count: raw.count) }
            }
        case .string, .integer, .real, .uid, .array, .set, .dictionary:
            break // written by their own methods
        }
    }

    /// The smallest of 1, 2, 4 and 8 bytes that holds `value`.
    private static func byteWidth(_ value: UInt64) -> Int {
        if value <= 0xFF { return 1 }
        if value <= 0xFFFF { return 2 }
        if value <= 0xFFFF_FFFF { return 4 }
        return 8
    }
}
