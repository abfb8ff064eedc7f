import Homepwner
import Testing

@Suite("The shortest start of a key that names one item")
struct ItemKeyPrefixesTests {
    @Test("eight characters when no other key shares them; one past the longest start another key shares; the whole key when another reads the same upper-cased")
    func prefixes() {
        let keys = [
            "0E8A6F52-1C3B-4D5E-8F90-000000000005",
            "0E8A6F52-1C3B-4D5E-8F90-000000000006",
            "0E8A6F52-9999-4D5E-8F90-000000000001",
            "7B2C0000-0000-4000-8000-000000000000",
            "abcdef00-0000-4000-8000-000000000000",
            "ABCDEF00-0000-4000-8000-000000000000",
        ]
        let prefixes = ItemKeyPrefixes(keys: keys)
        #expect(prefixes.shortest(for: keys[0]) == keys[0])
        #expect(prefixes.shortest(for: keys[2]) == "0E8A6F52-9")
        #expect(prefixes.shortest(for: keys[3]) == "7B2C0000")
        #expect(prefixes.shortest(for: keys[4]) == keys[4])
        #expect(prefixes.shortest(for: "short") == "short")
        #expect(ItemKeyPrefixes(keys: ["0E8A6F52-1C3B", "0E8A6F52-1C3B-4D5E"]).shortest(for: "0E8A6F52-1C3B") == "0E8A6F52-1C3B")
    }
}
