/// How an app's listed value is kept in a ``ListingSummary``: what the app lists (for Scary
/// Creatures a title, a rating and a version), written as a small record and read back.
///
/// The record must give back exactly the value that decoding the bundle's data gives: a value
/// that a record cannot hold whole (unknown keys kept for rewriting, say) is left out by
/// `encode` and then read from its bundle every time.
public struct ListingSummaryFormat<Value: Sendable>: Sendable {
    /// Names the record format and its version ("ScaryCreatures.list/2"); a summary written in
    /// another format is ignored and rewritten. At most 255 bytes of UTF-8.
    public var name: String
    /// Writes `value`'s record; false to leave the value out of the summary.
    public var encode: @Sendable (Value, inout SummaryRecordWriter) -> Bool
    /// Reads a value back from its record; nil if the record is not one (the bundle is then
    /// read from its data file). A record with bytes left over after this is not used either.
    public var decode: @Sendable (inout SummaryRecordReader) -> Value?

    /// A format with these parts.
    public init(
        name: String,
        encode: @escaping @Sendable (Value, inout SummaryRecordWriter) -> Bool,
        decode: @escaping @Sendable (inout SummaryRecordReader) -> Value?
    ) {
        self.name = name
        self.encode = encode
        self.decode = decode
    }
}
