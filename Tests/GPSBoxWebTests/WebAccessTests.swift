// Who gets the page: HTTP Basic (RFC 7617) against the stored hash; no password, no question.
import GPSBoxWeb
import Testing

@Suite struct WebAccessTests {
    static let hash = PasswordHash(password: "open sesame", salt: Array(repeating: 7, count: 16), iterations: 10)

    /// `Basic base64(user:password)` (RFC 4648 alphabet, padded).
    static func basic(_ credentials: String) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let b = Array(credentials.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < b.count {
            let n = min(3, b.count - i)
            let v = (UInt32(b[i]) << 16) | (n > 1 ? UInt32(b[i + 1]) << 8 : 0) | (n > 2 ? UInt32(b[i + 2]) : 0)
            for j in 0..<4 { out.append(j <= n ? table[Int(v >> UInt32(18 - 6 * j) & 63)] : UInt8(ascii: "=")) }
            i += 3
        }
        return "Basic " + String(decoding: out, as: UTF8.self)
    }

    @Test func noPasswordAllowsEveryone() {
        #expect(WebAccess(password: nil).decide(authorization: nil) == .allow)
    }

    @Test func theRightPasswordWithAnyUserIsAllowed() {
        let access = WebAccess(password: Self.hash)
        #expect(access.decide(authorization: Self.basic("owner:open sesame")) == .allow)
        #expect(access.decide(authorization: Self.basic(":open sesame")) == .allow)
        #expect(access.decide(authorization: "bAsIc " + Self.basic("x:open sesame").dropFirst(6)) == .allow)
    }

    @Test(arguments: [nil, "", "Basic", "Basic !!!!", "Bearer abc", "Basic " + String(repeating: "A", count: 2000)])
    func malformedHeadersAreChallenged(_ header: String?) {
        #expect(WebAccess(password: Self.hash).decide(authorization: header) == .challenge)
    }

    @Test func wrongPasswordsAreChallenged() {
        let access = WebAccess(password: Self.hash)
        for wrong in ["owner:open sesamE", "owner:", "open sesame", "owner:open sesame "] {
            #expect(access.decide(authorization: Self.basic(wrong)) == .challenge, "\(wrong)")
        }
    }

    @Test func base64DecodesRFC4648Vectors() {
        let vectors = ["": "", "Zg==": "f", "Zm8=": "fo", "Zm9v": "foo", "Zm9vYg==": "foob", "Zm9vYmE=": "fooba", "Zm9vYmFy": "foobar"]
        for (encoded, plain) in vectors {
            #expect(Base64.decode(Array(encoded.utf8)) == Array(plain.utf8), "\(encoded)")
        }
        for bad in ["Zg=", "Z===", "Zg==Zg==", "Zm9v!A=="] { #expect(Base64.decode(Array(bad.utf8)) == nil, "\(bad)") }
    }
}
