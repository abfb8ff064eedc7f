import Testing

@testable import Accounts

@Suite("Password rules and account names")
struct PasswordRulesTests {
    @Test("a password is refused, with the rule it breaks, when it is short, only spaces, one character repeated, the account's name or a common one (in any ASCII case)", arguments: [
        ("short pw", "a password needs at least 12 characters; a few unrelated words make a good one"),
        (String(repeating: " ", count: 14), "a password cannot be only spaces"),
        (String(repeating: "x", count: 14), "a password cannot be one character repeated"),
        ("Anna-Lena.Berg", "a password cannot be the account's name"),
        ("Password1234", "that password is one of the most common ones, which are tried first; choose another"),
        ("QWERTYUIOP123", "that password is one of the most common ones, which are tried first; choose another"),
        (String(repeating: "ab", count: 129), "a password may have at most 256 characters"),
    ])
    func refused(password: String, message: String) throws {
        let name = try AccountName("anna-lena.berg")
        let error = #expect(throws: AccountError.self) { try PasswordRules.check(password, for: name) }
        #expect(error?.code == .invalidPassword)
        #expect(error?.message == message)
    }

    @Test("a long uncommon password passes, counted in characters (twelve ghosts are twelve, not 48 bytes)")
    func accepted() throws {
        let name = try AccountName("anna")
        try PasswordRules.check("purple lantern rides", for: name)
        try PasswordRules.check(String(repeating: "👻", count: 11) + "!", for: name)
        #expect(throws: AccountError.self) { try PasswordRules.check(String(repeating: "👻", count: 10) + "!", for: name) }
    }

    @Test("a name keeps ASCII letters in lower case, so Anna and anna are one account")
    func namesFoldCase() throws {
        #expect(try AccountName("Anna").text == "anna")
        #expect(try AccountName("Anna") == AccountName("anna"))
        #expect(try AccountName("r2.d2_x-1").text == "r2.d2_x-1")
    }

    @Test("a name that is empty, too long, starts with a sign, or holds a space, a non-ASCII letter or a control character is refused, quoted safely", arguments: [
        "", "-anna", ".anna", "an na", "josé", "anna\u{0}", String(repeating: "a", count: 33),
    ])
    func invalidNames(text: String) {
        let error = #expect(throws: AccountError.self) { try AccountName(text) }
        #expect(error?.code == .invalidName)
        #expect(error?.message.hasPrefix("a name is 1 to 32 ASCII letters, digits, dots, underscores and hyphens, starting with a letter or digit, not \u{201C}") == true)
        #expect(error?.message.unicodeScalars.contains { $0.properties.generalCategory == .control } == false)
    }

    @Test("a role is owner, editor or viewer, exactly; viewers change nothing, only owners manage people")
    func roles() throws {
        #expect(try Role(parsing: "editor") == .editor)
        #expect(throws: AccountError.self) { try Role(parsing: "Owner") }
        #expect(throws: AccountError.self) { try Role(parsing: "admin") }
        #expect(Role.allCases.map(\.mayChange) == [false, true, true])
        #expect(Role.allCases.map(\.managesPeople) == [false, false, true])
        #expect(Role.viewer < .editor && Role.editor < .owner)
    }
}
