import Foundation
import Hex

extension Item {
    /// The item's version: a 64-bit FNV-1a hash of its five archived fields (name, serial
    /// number, value, the date's 64 bits, key) and of each detail that is set (its position in
    /// ``Item/detailKeys``, then its value), as 16 lower-case hex digits. An item without
    /// details has the version it had before details existed.
    ///
    /// It depends on nothing but the item's contents, so it is the same after a restart, in
    /// another process and for an archive written elsewhere; any change of a field changes it
    /// (barring a 1-in-2⁶⁴ collision). Keys this version does not know are not part of it: no
    /// edit changes them.
    public var version: String {
        var hash = VersionHash()
        hash.add(itemName)
        hash.add(serialNumber)
        hash.add(UInt64(bitPattern: Int64(valueInDollars)))
        hash.add(dateCreated.timeIntervalSinceReferenceDate.bitPattern)
        hash.add(itemKey)
        if hasDetails { addDetails(to: &hash) }
        return Hex.encode(hash.value)
    }
}

extension Item {
    /// Adds each detail that is set, after its tag (its position in ``Item/detailKeys``).
    fileprivate func addDetails(to hash: inout VersionHash) {
        func tag(_ index: UInt8) { hash.add(UInt8(0xFF)); hash.add(index) }
        if let location { tag(0); hash.add(location) }
        if let labels {
            tag(1)
            hash.add(UInt64(labels.count))
            for label in labels { hash.add(label) }
        }
        if let quantity { tag(2); hash.add(UInt64(bitPattern: Int64(quantity))) }
        if let purchaseDate { tag(3); hash.add(purchaseDate.timeIntervalSinceReferenceDate.bitPattern) }
        if let pricePaid { tag(4); hash.add(UInt64(bitPattern: Int64(pricePaid))) }
        if let purchasedFrom { tag(5); hash.add(purchasedFrom) }
        if let warrantyEnds { tag(6); hash.add(warrantyEnds.timeIntervalSinceReferenceDate.bitPattern) }
        if let warrantyNotes { tag(7); hash.add(warrantyNotes) }
        if let notes { tag(8); hash.add(notes) }
        if let modelName { tag(9); hash.add(modelName) }
        if let manufacturer { tag(10); hash.add(manufacturer) }
        if let maintenance {
            tag(11)
            hash.add(UInt64(maintenance.count))
            for entry in maintenance {
                hash.add(entry.date.timeIntervalSinceReferenceDate.bitPattern)
                hash.add(entry.note)
                hash.add(entry.cost.map { UInt64(bitPattern: Int64($0)) } ?? 0)
                hash.add(UInt8(entry.cost == nil ? 0 : 1))
                hash.add(entry.nextDue?.timeIntervalSinceReferenceDate.bitPattern ?? 0)
                hash.add(UInt8(entry.nextDue == nil ? 0 : 1))
            }
        }
        if let customFields {
            tag(12)
            hash.add(UInt64(customFields.count))
            for field in customFields {
                hash.add(field.name)
                hash.add(field.value)
            }
        }
        if let archivedDate { tag(13); hash.add(archivedDate.timeIntervalSinceReferenceDate.bitPattern) }
        if let createdBy { tag(14); hash.add(createdBy) }
        if let updatedBy { tag(15); hash.add(updatedBy) }
        if let history {
            tag(16)
            hash.add(UInt64(history.count))
            for record in history {
                hash.add(record.date.timeIntervalSinceReferenceDate.bitPattern)
                hash.add(record.person ?? "")
                hash.add(UInt8(record.person == nil ? 0 : 1))
                hash.add(record.action)
                hash.add(UInt64(record.fields.count))
                for field in record.fields { hash.add(field) }
            }
        }
    }
}

/// The version's hash: ``Hex/FNV1a`` over the fields, each spelled so that field boundaries
/// cannot shift.
private struct VersionHash {
    private var hash = FNV1a()

    /// The hash so far.
    var value: UInt64 { hash.value }

    mutating func add(_ byte: UInt8) {
        hash.add(byte)
    }

    mutating func add(_ word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { add(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
    }

    /// The text's UTF-8 bytes after its length, so that field boundaries cannot shift.
    mutating func add(_ text: String) {
        add(UInt64(text.utf8.count))
        hash.add(contentsOf: text.utf8)
    }
}
