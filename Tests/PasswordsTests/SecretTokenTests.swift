import Passwords
import Testing

@Suite("Secret tokens")
struct SecretTokenTests {
  @Test func aTokenIs43Base64URLCharacters() {
    let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    for _ in 0..<100 {
      let token = SecretToken.random()
      #expect(token.count == 43)
      #expect(token.allSatisfy(alphabet.contains), "\(token)")
    }
  }

  @Test func tokensDiffer() {
    let tokens = (0..<1000).map { _ in SecretToken.random() }
    #expect(Set(tokens).count == tokens.count)
  }

  @Test func theDigestIsSHA256InLowercaseHex() {
    #expect(
      SecretToken.digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(SecretToken.digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test func aTokensDigestIs64HexDigitsAndNotTheToken() {
    let token = SecretToken.random()
    let digest = SecretToken.digest(token)
    #expect(digest.count == 64)
    #expect(digest.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    #expect(SecretToken.digest(token) == digest)
    #expect(digest != token)
  }
}
