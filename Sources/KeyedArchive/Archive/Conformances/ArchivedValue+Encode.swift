import Foundation

extension ArchivedValue: ArchiveEncodable {
    /// Writes the value back as the Foundation class it was read from (`NSString`, `NSNumber`,
    /// `NSArray`, `NSDictionary`, …), and an ``ArchivedObject`` as its own class with its fields —
    /// so a model can keep the keys it does not know and write them again unchanged.
    ///
    /// A ``reference(_:)`` (the back edge of a cycle) cannot be rebuilt and is written as `$null`.
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        switch self {
        case .null, .reference: return 0
        case .string(let text): return text.encodeObject(in: archiver)
        case .integer(let value): return value.encodeObject(in: archiver)
        case .unsignedInteger(let value): return value.encodeObject(in: archiver)
        case .real(let value): return value.encodeObject(in: archiver)
        case .bool(let value): return value.encodeObject(in: archiver)
        case .data(let value): return value.encodeObject(in: archiver)
        case .date(let value): return value.encodeObject(in: archiver)
        case .uuid(let value): return value.encodeObject(in: archiver)
        case .url(let value): return value.encodeObject(in: archiver)
        case .array(let items): return items.encodeObject(in: archiver)
        case .set(let items):
            // Written as read: a Swift `Set` would reorder the elements.
            let references = items.map { PropertyList.uid($0.encodeObject(in: archiver)) }
            return archiver.appendObject(className: "NSSet", fields: ["NS.objects": .array(references)])
        case .orderedSet(let items): return ArchivedOrderedSet(items).encodeObject(in: archiver)
        case .dictionary(let entries):
            let keys = entries.map { PropertyList.uid($0.key.encodeObject(in: archiver)) }
            let values = entries.map { PropertyList.uid($0.value.encodeObject(in: archiver)) }
            return archiver.appendObject(className: "NSDictionary", fields: ["NS.keys": .array(keys), "NS.objects": .array(values)])
        case .object(let object):
            var fields = [PropertyListKey: PropertyList](minimumCapacity: object.fields.count)
            for (key, value) in object.fields { fields[key] = value.encodeField(in: archiver) }
            // The class chain exactly as it was read.
            return archiver.appendObject(className: object.className, superclasses: Array(object.classes.dropFirst()), fields: fields)
        }
    }

    /// Numbers and booleans inline (as `encodeInteger:forKey:` and friends write them); everything
    /// else as a reference.
    public func encodeField(in archiver: KeyedArchiver) -> PropertyList {
        switch self {
        case .integer(let value): return value.encodeField(in: archiver)
        case .unsignedInteger(let value): return value.encodeField(in: archiver)
        case .real(let value): return value.encodeField(in: archiver)
        case .bool(let value): return value.encodeField(in: archiver)
        default: return .uid(encodeObject(in: archiver))
        }
    }
}
