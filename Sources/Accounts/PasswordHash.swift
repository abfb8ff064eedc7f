import Crypto
import Foundation
import _CryptoExtras

/// A password kept as scrypt keeps it: never the password, only what scrypt derives from it and
/// a random salt, in the PHC string format (`$scrypt$ln=17,r=8,p=1$SALT$HASH`, both in base64
/// without padding), so the cost it was made with travels with it and can be raised later.
///
/// scrypt is memory-hard: each guess costs ``Cost/memoryBytes`` of memory as well as time, which
/// is what makes a stolen file of hashes slow to attack on GPUs. The derivation is BoringSSL's,
/// through swift-crypto's `_CryptoExtras` (never hand-written here).
///
/// Reading is total: a stored text that is not such a string, or names a cost outside
/// ``Cost/acceptedRange``s (a tampered file asking for gigabytes), verifies nothing and never
/// traps.
public struct PasswordHash: Sendable, Hashable, CustomStringConvertible {
    /// The cost of one derivation.
    public struct Cost: Sendable, Hashable {
        /// log₂ of scrypt's CPU and memory cost `N`.
        public var logRounds: Int
        /// scrypt's block size `r`.
        public var blockSize: Int
        /// scrypt's parallelism `p`.
        public var parallelism: Int

        /// A cost.
        public init(logRounds: Int, blockSize: Int, parallelism: Int) {
            self.logRounds = logRounds
            self.blockSize = blockSize
            self.parallelism = parallelism
        }

        /// OWASP's Password Storage Cheat Sheet's first choice for scrypt: N = 2¹⁷, r = 8, p = 1
        /// (128 MiB and about a third of a second a derivation here).
        public static let owasp = Cost(logRounds: 17, blockSize: 8, parallelism: 1)

        /// The memory one derivation may take: 128 · N · r · p bytes (Int.max when that is
        /// beyond counting, or a part is negative).
        public var memoryBytes: Int {
            guard (0...40).contains(logRounds), blockSize >= 0, parallelism >= 0 else { return .max }
            let (blocks, overflow) = (128 << logRounds).multipliedReportingOverflow(by: blockSize)
            let (bytes, overflowAgain) = blocks.multipliedReportingOverflow(by: max(parallelism, 1))
            return overflow || overflowAgain ? .max : bytes
        }

        /// Whether this cost is one a stored hash may name: N from 2¹⁰ to 2²⁰, r from 1 to 32,
        /// p from 1 to 16, and at most 1 GiB of memory.
        public var isAccepted: Bool {
            (10...20).contains(logRounds) && (1...32).contains(blockSize) && (1...16).contains(parallelism) && memoryBytes <= 1 << 30
        }
    }

    /// The PHC string.
    public let description: String

    /// The length of a salt, and of a derived hash, in bytes.
    static let saltBytes = 16
    static let hashBytes = 32

    /// A stored hash as it was written; nil when `text` is not a PHC scrypt string with an
    /// accepted cost, a 16-byte salt and a 32-byte hash.
    public init?(stored text: String) {
        guard Parsed(text) != nil else { return nil }
        description = text
    }

    private init(cost: Cost, salt: [UInt8], hash: [UInt8]) {
        description = "$scrypt$ln=\(cost.logRounds),r=\(cost.blockSize),p=\(cost.parallelism)$"
            + Self.base64(salt) + "$" + Self.base64(hash)
    }

    /// The hash of `password` with a new random salt, at `cost`. Slow and memory-hungry by
    /// design: servers run it on their blocking pool, a few at a time.
    ///
    /// - Throws: ``AccountError`` `.invalidPassword` for an empty password (there is nothing to
    ///   derive from), or when the derivation fails.
    public static func make(password: String, cost: Cost = .owasp) throws -> PasswordHash {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<saltBytes).map { _ in UInt8.random(in: 0...255, using: &generator) }
        guard let hash = derive(Array(password.utf8), salt: salt, cost: cost) else {
            throw AccountError(.invalidPassword, "a password cannot be empty")
        }
        return PasswordHash(cost: cost, salt: salt, hash: hash)
    }

    /// Whether `password` is the one this hash was made from: derived again with the stored
    /// salt and cost, and compared in constant time. False for an empty password.
    public func verify(_ password: String) -> Bool {
        guard let parsed = Parsed(description), let derived = Self.derive(Array(password.utf8), salt: parsed.salt, cost: parsed.cost) else { return false }
        return Self.constantTimeEqual(derived, parsed.hash)
    }

    /// The cost this hash was made with.
    public var cost: Cost? { Parsed(description)?.cost }

    /// scrypt of `password` and `salt`; nil for an empty password or salt, or a cost not accepted.
    static func derive(_ password: [UInt8], salt: [UInt8], cost: Cost) -> [UInt8]? {
        guard !password.isEmpty, !salt.isEmpty, cost.isAccepted else { return nil }
        guard let key = try? KDF.Scrypt.deriveKey(
            from: password, salt: salt, outputByteCount: hashBytes, rounds: 1 << cost.logRounds, blockSize: cost.blockSize, parallelism: cost.parallelism
        ) else { return nil }
        return key.withUnsafeBytes { Array($0) }
    }

    /// Whether `a` equals `b`, in time that depends on their lengths alone.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// Base64 without padding, as PHC strings write it.
    static func base64(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// The bytes of unpadded base64 `text`; nil when it is not that.
    static func unbase64(_ text: Substring) -> [UInt8]? {
        guard text.utf8.count <= 1_024 else { return nil }
        var padded = String(text)
        while padded.utf8.count % 4 != 0 { padded += "=" }
        return Data(base64Encoded: padded).map { Array($0) }
    }

    /// A PHC scrypt string taken apart.
    private struct Parsed {
        var cost: Cost
        var salt: [UInt8]
        var hash: [UInt8]

        init?(_ text: String) {
            guard text.utf8.count <= 512 else { return nil }
            let parts = text.split(separator: "$", omittingEmptySubsequences: false)
            guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt" else { return nil }
            var values: [Substring: Int] = [:]
            for field in parts[2].split(separator: ",", omittingEmptySubsequences: false) {
                let pair = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2, pair[1].utf8.count <= 3, pair[1].utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                      let value = Int(pair[1]), values[pair[0]] == nil else { return nil }
                values[pair[0]] = value
            }
            guard values.count == 3, let ln = values["ln"], let r = values["r"], let p = values["p"] else { return nil }
            cost = Cost(logRounds: ln, blockSize: r, parallelism: p)
            guard cost.isAccepted, let salt = PasswordHash.unbase64(parts[3]), let hash = PasswordHash.unbase64(parts[4]),
                  salt.count == PasswordHash.saltBytes, hash.count == PasswordHash.hashBytes else { return nil }
            self.salt = salt
            self.hash = hash
        }
    }
}
