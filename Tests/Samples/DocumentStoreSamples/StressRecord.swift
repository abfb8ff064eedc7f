import KeyedArchive

/// The data archive the crash and concurrency tests write: a sequence number, a payload of
/// varying size and a checksum over both, so a torn or mixed file cannot pass for a good one.
public struct StressRecord: Archivable, Equatable, Sendable {
    /// The archived class name.
    public static let archiveClassName = "StressRecord"

    /// Which write this is; grows with every write the test makes.
    public var sequence: Int
    /// Filler that makes files of different sizes (so a torn write can cut mid-file).
    public var payload: String
    /// FNV-1a over the sequence and the payload.
    public var checksum: Int

    /// A record for write number `sequence` with `size` bytes of payload.
    public init(sequence: Int, size: Int) {
        self.sequence = sequence
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        payload = String((0..<size).map { alphabet[($0 &* 31 &+ sequence) % alphabet.count] })
        checksum = Self.checksum(sequence: sequence, payload: payload)
    }

    /// Whether the checksum matches the contents.
    public var isIntact: Bool { checksum == Self.checksum(sequence: sequence, payload: payload) }

    /// FNV-1a over the decimal sequence number and the payload's UTF-8.
    public static func checksum(sequence: Int, payload: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array("\(sequence):".utf8) + Array(payload.utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash >> 1)
    }

    /// Writes the three keys.
    public func encode(with coder: inout ArchiveEncoder) {
        coder.encode(sequence, forKey: "Sequence")
        coder.encode(payload, forKey: "Payload")
        coder.encode(checksum, forKey: "Checksum")
    }

    /// Reads the three keys; missing ones make a record that is not intact.
    public init(from coder: ArchiveDecoder) throws {
        sequence = try coder.decode(Int.self, forKey: "Sequence") ?? -1
        payload = try coder.decode(String.self, forKey: "Payload") ?? ""
        checksum = try coder.decode(Int.self, forKey: "Checksum") ?? 0
    }
}
