import Foundation
import Hex
import Testing

@Suite("Lowercase hex, one spelling for every module")
struct HexTests {
    @Test("bytes are two lowercase digits each; a 64-bit number is 16 digits, zeros first")
    func encode() {
        #expect(Hex.encode([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
        #expect(Hex.encode([UInt8]()) == "")
        #expect(Hex.encode(0 as UInt64) == "0000000000000000")
        #expect(Hex.encode(0x1234_abcd as UInt64) == "000000001234abcd")
        #expect(Hex.encode(UInt64.max) == "ffffffffffffffff")
    }

    @Test("decoding gives back the bytes, and refuses an odd length, capitals and other characters")
    func decode() {
        #expect(Hex.decode("000fa0ff") == [0x00, 0x0f, 0xa0, 0xff])
        #expect(Hex.decode("") == [])
        #expect(Hex.decode("abc") == nil)
        #expect(Hex.decode("AB") == nil)
        #expect(Hex.decode("0g") == nil)
        #expect(Hex.decode("é1") == nil)
    }

    @Test("a random token has twice as many digits as bytes, all lowercase hex, and two are not the same")
    func random() {
        let one = Hex.random(bytes: 32), two = Hex.random(bytes: 32)
        #expect(Hex.isLowercaseHex(one, count: 64) && Hex.isLowercaseHex(two, count: 64))
        #expect(one != two)
        #expect(Hex.random(bytes: 0) == "" && Hex.random(bytes: -1) == "")
        #expect(!Hex.isLowercaseHex("ABCD", count: 4))
        #expect(!Hex.isLowercaseHex(String(one.dropLast()), count: 64))
    }

    @Test("FNV-1a of 64 bits gives the published test vectors, the same fed whole or a byte at a time, in 16 digits zeros first")
    func fnv1a() {
        #expect(FNV1a.hash(Data()) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hex(Data("a".utf8)) == "af63dc4c8601ec8c")
        #expect(FNV1a.hex(Data("foobar".utf8)) == "85944171f73967e8")
        var bytewise = FNV1a()
        for byte in "foobar".utf8 { bytewise.add(byte) }
        #expect(bytewise.value == FNV1a.hash(Data("foobar".utf8)))
        #expect(FNV1a.hex(Data()).utf8.count == 16)
    }
}
