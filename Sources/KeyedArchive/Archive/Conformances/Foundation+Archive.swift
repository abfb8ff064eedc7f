import Foundation

extension String: ArchiveCodable {
    /// Writes an `NSString` entry (equal strings share one).
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        archiver.uid(forString: self)
    }

    /// Reads a plain string entry, or an `NSString`/`NSMutableString` object (`NS.string`).
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> String {
        try unarchiver.wrappedValue(
            of: uid, classes: ["NSString", "NSMutableString"], for: "String", field: "NS.string", lacking: "NSString without a string NS.string", \.stringValue
        )
    }

    /// Reads a referenced string, or an inline one (as `NS.string` is stored).
    public static func decodeField(_ value: PropertyList, in unarchiver: KeyedUnarchiver) throws -> String {
        try unarchiver.inlineOrReferenced(value, expected: "a string", \.stringValue, decodeObject: decodeObject(uid:in:))
    }
}

extension Data: ArchiveCodable {
    /// Writes an `NSData` entry: the bytes as a plain data value.
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        archiver.uid(forScalar: .data(self))
    }

    /// Reads a plain data entry, or an `NSMutableData` object (`NS.data`).
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> Data {
        try unarchiver.wrappedValue(
            of: uid, classes: ["NSData", "NSMutableData"], for: "Data", field: "NS.data", lacking: "NSData without data in NS.data", \.dataValue
        )
    }

    /// Reads referenced or inline data.
    public static func decodeField(_ value: PropertyList, in unarchiver: KeyedUnarchiver) throws -> Data {
        try unarchiver.inlineOrReferenced(value, expected: "data", \.dataValue, decodeObject: decodeObject(uid:in:))
    }
}

extension Date: ArchiveCodable {
    /// Writes an `NSDate` object: `NS.time`, seconds since 2001-01-01 UTC.
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        archiver.appendObject(className: "NSDate", fields: ["NS.time": .real(timeIntervalSinceReferenceDate)])
    }

    /// Reads an `NSDate` object (a plist date entry is accepted too).
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> Date {
        // The usual NSDate object: its time is read without building its dictionary (a third of
        // the decoding of a Homepwner item went into that).
        let time: PropertyList?
        do {
            // One pass over the object's keys: NS.time, and $class for the check below.
            time = try unarchiver.fields(["NS.time"], of: uid).values[0]
        } catch let error as ArchiveError where error.code == .typeMismatch {
            if case .date(let date) = try unarchiver.object(uid) { return date }
            try unarchiver.checkClass(of: uid, expecting: ["NSDate"], for: "Date")
            throw error
        }
        try unarchiver.checkClass(of: uid, expecting: ["NSDate"], for: "Date")
        guard let seconds = try unarchiver.resolve(time ?? .bool(false)).doubleValue, seconds.isFinite else {
            throw ArchiveError(.invalidArchive, "object \(uid): NSDate without a finite NS.time", object: Int(uid))
        }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }
}

extension UUID: ArchiveCodable {
    /// Writes an `NSUUID` object: `NS.uuidbytes`, 16 bytes in big-endian order.
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        let bytes = withUnsafeBytes(of: uuid) { Data($0) }
        return archiver.appendObject(className: "NSUUID", fields: ["NS.uuidbytes": .data(bytes)])
    }

    /// Reads an `NSUUID` object.
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> UUID {
        try unarchiver.checkClass(of: uid, expecting: ["NSUUID"], for: "UUID")
        guard case .data(let bytes) = try unarchiver.resolve(unarchiver.field("NS.uuidbytes", of: uid) ?? .bool(false)), bytes.count == 16 else {
            throw ArchiveError(.invalidArchive, "object \(uid): NSUUID without 16 bytes in NS.uuidbytes", object: Int(uid))
        }
        let b = Array(bytes)
        return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }
}

extension URL: ArchiveCodable {
    /// Writes an `NSURL` object: `NS.base` (its base URL, or `$null`) and `NS.relative`.
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        let base: UInt32 = baseURL.map { $0.encodeObject(in: archiver) } ?? 0
        let relative = archiver.uid(forString: baseURL == nil ? absoluteString : relativeString)
        return archiver.appendObject(className: "NSURL", fields: ["NS.base": .uid(base), "NS.relative": .uid(relative)])
    }

    /// Reads an `NSURL` object and its base URL.
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> URL {
        try unarchiver.checkClass(of: uid, expecting: ["NSURL"], for: "URL")
        return try unarchiver.withObject(uid) {
            let base = try unarchiver.field("NS.base", of: uid).flatMap { $0 == .uid(0) ? nil : try URL.decodeField($0, in: unarchiver) }
            guard let relativeField = try unarchiver.field("NS.relative", of: uid) else {
                throw ArchiveError(.invalidArchive, "object \(uid): NSURL without NS.relative", object: Int(uid))
            }
            let relative = try String.decodeField(relativeField, in: unarchiver)
            guard let url = URL(string: relative, relativeTo: base) else {
                throw ArchiveError(.invalidArchive, "object \(uid): NS.relative \"\(relative.prefix(80))\" is not a URL", object: Int(uid))
            }
            return url
        }
    }
}

extension Optional: ArchiveEncodable where Wrapped: ArchiveEncodable {
    /// Writes the wrapped value, or refers to `$null` (UID 0).
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        map { $0.encodeObject(in: archiver) } ?? 0
    }

    /// The wrapped value's field, or a reference to `$null`.
    public func encodeField(in archiver: KeyedArchiver) -> PropertyList {
        map { $0.encodeField(in: archiver) } ?? .uid(0)
    }
}

extension Optional: ArchiveDecodable where Wrapped: ArchiveDecodable {
    /// `$null` (UID 0) is nil; anything else decodes as the wrapped type.
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> Wrapped? {
        uid == 0 ? nil : try Wrapped.decodeObject(uid: uid, in: unarchiver)
    }

    /// A reference to `$null` is nil; anything else decodes as the wrapped type.
    public static func decodeField(_ value: PropertyList, in unarchiver: KeyedUnarchiver) throws -> Wrapped? {
        value == .uid(0) ? nil : try Wrapped.decodeField(value, in: unarchiver)
    }
}
