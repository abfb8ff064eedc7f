import Testing
@testable import WebSupport

@Suite("The access token's comparison")
struct AccessTokenTests {
    private let token = Array("correct-horse-battery-staple".utf8)

    @Test("Lengths are compared in full: the token followed by 256 or 65,536 NUL bytes, or cut short, is not the token")
    func lengthsComparedInFull() {
        #expect(AccessToken.constantTimeEqual(token, token))
        #expect(!AccessToken.constantTimeEqual(token + [UInt8](repeating: 0, count: 256), token))
        #expect(!AccessToken.constantTimeEqual(token + [UInt8](repeating: 0, count: 65_536), token))
        #expect(!AccessToken.constantTimeEqual(token + [0], token))
        #expect(!AccessToken.constantTimeEqual(Array(token.dropLast()), token))
        #expect(!AccessToken.constantTimeEqual([], token))
        #expect(!AccessToken.constantTimeEqual(Array("correct-horse-battery-stapler".utf8), token))
        #expect(!AccessToken.constantTimeEqual(Array("Correct-horse-battery-staple".utf8), token))
    }
}
