// Who may see the page. On loopback with no password everyone on the box may (as `gpsbox
// status`); with `web-password` set every request needs HTTP Basic (RFC 7617) with that
// password (any user name). A wrong or missing one gets 401 and the challenge.

public struct WebAccess: Sendable {
    public enum Decision: Equatable, Sendable {
        case allow
        /// 401 with `WWW-Authenticate: Basic realm="gpsbox"`.
        case challenge
    }

    public static let realm = "gpsbox"
    public static let challengeHeader = "Basic realm=\"gpsbox\", charset=\"UTF-8\""
    /// Longer Authorization values are refused without hashing anything.
    public static let maximumHeaderBytes = 1024

    public let password: PasswordHash?

    public init(password: PasswordHash?) { self.password = password }

    /// The decision for a request's `Authorization` header (nil: none sent).
    public func decide(authorization: String?) -> Decision {
        guard let password else { return .allow }
        guard let secret = Self.basicPassword(authorization) else { return .challenge }
        return password.matches(secret) ? .allow : .challenge
    }

    /// The password of `Basic base64(user:password)`, or nil for anything else.
    public static func basicPassword(_ header: String?) -> [UInt8]? {
        guard let header, header.utf8.count <= maximumHeaderBytes else { return nil }
        let bytes = Array(header.utf8)
        let scheme = Array("basic ".utf8)
        guard bytes.count > scheme.count,
              zip(bytes, scheme).allSatisfy({ ($0 | 0x20) == $1 || ($1 == 0x20 && $0 == 0x20) }) else { return nil }
        var token = bytes[scheme.count...].drop { $0 == 0x20 }
        while token.last == 0x20 { token = token.dropLast() }
        guard let decoded = Base64.decode(token), let colon = decoded.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        return Array(decoded[(colon + 1)...])
    }
}
