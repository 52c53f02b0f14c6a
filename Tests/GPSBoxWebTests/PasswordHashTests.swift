// The page password's hash against published vectors: SHA-256 (FIPS 180-2 appendix B),
// HMAC-SHA-256 (RFC 4231 test case 1), PBKDF2-HMAC-SHA256 (RFC 7914 §11, RFC 6070's inputs).
import GPSBoxWeb
import Testing

@Suite struct PasswordHashTests {
    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ])
    func sha256(message: String, digest: String) {
        #expect(Hex.encode(SHA256.hash(Array(message.utf8))) == digest)
    }

    @Test func sha256OfAMillionAs() {
        var s = SHA256()
        for _ in 0..<1000 { s.update([UInt8](repeating: 0x61, count: 1000)) }
        #expect(Hex.encode(s.finish()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func hmacRFC4231Case1() {
        let mac = HMACSHA256(key: [UInt8](repeating: 0x0b, count: 20)).authenticate(Array("Hi There".utf8))
        #expect(Hex.encode(mac) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }

    @Test func pbkdf2RFC7914OneIteration() {
        let key = PBKDF2.sha256(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, keyLength: 64)
        #expect(Hex.encode(key) == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
    }

    /// RFC 6070's "password"/"salt"/4096 case, with SHA-256 (the published PBKDF2-HMAC-SHA256 vector).
    @Test func pbkdf2ManyIterations() {
        let key = PBKDF2.sha256(password: Array("password".utf8), salt: Array("salt".utf8), iterations: 4096, keyLength: 32)
        #expect(Hex.encode(key) == "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a")
    }

    @Test func storedHashRoundTripsAndMatchesOnlyItsPassword() throws {
        let salt: [UInt8] = Array(0..<16)
        let hash = PasswordHash(password: "correct horse", salt: salt, iterations: 50)
        let text = hash.description
        #expect(text.hasPrefix("pbkdf2-sha256$50$000102030405060708090a0b0c0d0e0f$"))
        let parsed = try PasswordHash(parsing: text)
        #expect(parsed == hash)
        #expect(parsed.matches(Array("correct horse".utf8)))
        #expect(!parsed.matches(Array("correct horsf".utf8)))
        #expect(!parsed.matches([]))
    }

    @Test(arguments: ["hunter2", "pbkdf2-sha256$0$00112233445566778899$" + String(repeating: "ab", count: 32),
                      "pbkdf2-sha256$10$0011$" + String(repeating: "ab", count: 32),
                      "pbkdf2-sha256$10$00112233445566778899$abcd", "sha1$10$00112233445566778899$" + String(repeating: "ab", count: 32)])
    func refusesWhatIsNotAHash(_ text: String) {
        #expect(throws: PasswordHash.ParseError.notAHash(text)) { try PasswordHash(parsing: text) }
    }
}
