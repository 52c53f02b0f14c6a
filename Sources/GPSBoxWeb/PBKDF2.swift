// PBKDF2 with HMAC-SHA-256 (RFC 8018 §5.2) and the page password as the config stores it:
// `pbkdf2-sha256$ITERATIONS$SALT-HEX$KEY-HEX`, never the password itself.

public enum PBKDF2 {
    public static func sha256(password: [UInt8], salt: [UInt8], iterations: Int, keyLength: Int) -> [UInt8] {
        precondition(iterations >= 1 && keyLength >= 1, "PBKDF2 needs at least one iteration and one byte")
        let prf = HMACSHA256(key: password)
        var out: [UInt8] = []
        var blockIndex: UInt32 = 1
        while out.count < keyLength {
            var u = prf.authenticate(salt + [UInt8(blockIndex >> 24), UInt8(blockIndex >> 16 & 0xff),
                                             UInt8(blockIndex >> 8 & 0xff), UInt8(blockIndex & 0xff)])
            var t = u
            for _ in 1..<max(iterations, 1) {
                u = prf.authenticate(u)
                for j in 0..<32 { t[j] ^= u[j] }
            }
            out += t
            blockIndex += 1
        }
        return Array(out.prefix(keyLength))
    }
}

/// A stored page password: what `gpsbox web --hash-password` prints and `web-password` holds.
public struct PasswordHash: Equatable, Sendable, CustomStringConvertible {
    public static let scheme = "pbkdf2-sha256"
    /// About 20 ms per check on x86-64 in a release build (bench/RESULTS.md), several times that on a
    /// Pi: cheap for the owner (a right password is checked once per header), dear for a guesser.
    public static let defaultIterations = 20_000
    public let iterations: Int
    public let salt: [UInt8]
    public let key: [UInt8]

    public init(iterations: Int, salt: [UInt8], key: [UInt8]) {
        self.iterations = iterations
        self.salt = salt
        self.key = key
    }

    /// Hashes `password` with `salt` (16 random bytes from the caller).
    public init(password: String, salt: [UInt8], iterations: Int = PasswordHash.defaultIterations) {
        self.init(iterations: iterations, salt: salt,
                  key: PBKDF2.sha256(password: Array(password.utf8), salt: salt, iterations: iterations, keyLength: 32))
    }

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case notAHash(String)
        public var description: String {
            switch self {
            case .notAHash(let t):
                "'\(t.prefix(40))' is not a password hash (pbkdf2-sha256$ITERATIONS$SALT$KEY, from `gpsbox web --hash-password`)"
            }
        }
    }

    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[0] == Self.scheme, let n = Int(parts[1]), n >= 1, n <= 10_000_000,
              let salt = Hex.decode(parts[2]), salt.count >= 8, let key = Hex.decode(parts[3]), key.count == 32
        else { throw .notAHash(text) }
        self.init(iterations: n, salt: salt, key: key)
    }

    public var description: String { "\(Self.scheme)$\(iterations)$\(Hex.encode(salt))$\(Hex.encode(key))" }

    /// Whether `password` hashes to the stored key; compares every byte (no early exit).
    public func matches(_ password: [UInt8]) -> Bool {
        let candidate = PBKDF2.sha256(password: password, salt: salt, iterations: iterations, keyLength: key.count)
        var difference: UInt8 = 0
        for (a, b) in zip(candidate, key) { difference |= a ^ b }
        return difference == 0
    }
}

public enum Hex {
    public static func encode(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    public static func decode(_ text: String) -> [UInt8]? {
        let u = Array(text.utf8)
        guard u.count % 2 == 0 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: c - 48
            case 97...102: c - 87
            case 65...70: c - 55
            default: nil
            }
        }
        var out: [UInt8] = []
        var i = 0
        while i < u.count {
            guard let hi = nibble(u[i]), let lo = nibble(u[i + 1]) else { return nil }
            out.append(hi << 4 | lo)
            i += 2
        }
        return out
    }
}
