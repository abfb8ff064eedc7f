import Foundation
import Testing

@testable import Accounts

/// A cheap cost for tests that are not about the cost (N = 2¹⁰).
let testCost = PasswordHash.Cost(logRounds: 10, blockSize: 8, parallelism: 1)

@Suite("Password hashes")
struct PasswordHashTests {
    @Test("scrypt is called as RFC 7914 defines it: its test vector (password, NaCl, N = 1024, r = 8, p = 16) gives the published key's first 32 bytes")
    func rfc7914Vector() {
        let derived = PasswordHash.derive(Array("password".utf8), salt: Array("NaCl".utf8), cost: .init(logRounds: 10, blockSize: 8, parallelism: 16))
        #expect(derived.map { $0.map { String(format: "%02x", $0) }.joined() } == "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162")
    }

    @Test("a hash at OWASP's cost is a PHC string naming that cost; it verifies its password and no other")
    func owaspCost() throws {
        let hash = try PasswordHash.make(password: "correct horse battery")
        #expect(hash.description.hasPrefix("$scrypt$ln=17,r=8,p=1$"))
        #expect(hash.description.split(separator: "$").map(\.utf8.count) == [6, 13, 22, 43])
        #expect(hash.cost == .owasp)
        #expect(PasswordHash.Cost.owasp.memoryBytes == 128 << 20)
        #expect(hash.verify("correct horse battery"))
        #expect(!hash.verify("correct horse batterY"))
    }

    @Test("two hashes of one password differ (each has its own salt), and each verifies it; an empty password verifies nothing and cannot be hashed")
    func saltsAndEmpty() throws {
        let one = try PasswordHash.make(password: "same password here", cost: testCost)
        let two = try PasswordHash.make(password: "same password here", cost: testCost)
        #expect(one != two)
        #expect(one.verify("same password here") && two.verify("same password here"))
        #expect(!one.verify(""))
        #expect(throws: AccountError.self) { try PasswordHash.make(password: "", cost: testCost) }
    }

    @Test("a stored hash reads back as itself and verifies; one that is not a PHC scrypt string, or names a cost that would take too much memory or time, is no hash", arguments: [
        "", "scrypt", "$scrypt$ln=10,r=8,p=1$", "$argon2id$v=19$m=19456,t=2,p=1$AAAA$AAAA",
        "$scrypt$ln=40,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "$scrypt$ln=20,r=32,p=16$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "$scrypt$ln=10,r=8,p=1,p=2$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "$scrypt$ln=10,r=-8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "$scrypt$ln=10,r=8,p=1$AAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "$scrypt$ln=10,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$not base64!",
    ])
    func storedForms(text: String) throws {
        #expect(PasswordHash(stored: text) == nil)
        let made = try PasswordHash.make(password: "a fine long password", cost: testCost)
        let read = try #require(PasswordHash(stored: made.description))
        #expect(read == made && read.verify("a fine long password"))
    }

    @Test("the memory a cost names saturates instead of trapping, whatever its parts")
    func memoryIsTotal() {
        #expect(PasswordHash.Cost(logRounds: 63, blockSize: 8, parallelism: 1).memoryBytes == .max)
        #expect(PasswordHash.Cost(logRounds: 20, blockSize: .max, parallelism: 1).memoryBytes == .max)
        #expect(PasswordHash.Cost(logRounds: -1, blockSize: 8, parallelism: 1).memoryBytes == .max)
        #expect(!PasswordHash.Cost(logRounds: 20, blockSize: .max, parallelism: .max).isAccepted)
    }
}
