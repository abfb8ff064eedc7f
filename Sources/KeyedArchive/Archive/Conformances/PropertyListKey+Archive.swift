extension PropertyListKey: ArchiveCodable {
    /// Writes an `NSString` entry; keys with the same scalars share one.
    public func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        archiver.uid(forString: string)
    }

    /// Reads a string entry or an `NSString` object, keeping its scalars exactly; decode
    /// `[PropertyListKey: Value]` or `Set<PropertyListKey>` to keep keys that Swift's `String`
    /// would merge.
    public static func decodeObject(uid: UInt32, in unarchiver: KeyedUnarchiver) throws -> PropertyListKey {
        PropertyListKey(try String.decodeObject(uid: uid, in: unarchiver))
    }

    /// Reads a referenced or inline string.
    public static func decodeField(_ value: PropertyList, in unarchiver: KeyedUnarchiver) throws -> PropertyListKey {
        PropertyListKey(try String.decodeField(value, in: unarchiver))
    }
}
