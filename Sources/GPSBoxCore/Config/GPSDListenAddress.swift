// Where `gpsbox run` serves the gpsd protocol (`gpsd-listen`): Unix socket paths and/or TCP
// addresses with a port. gpsd listens on 127.0.0.1:2947 by default (gpsd(8)); libgps clients
// (cgps, gpspipe) also take an absolute path as the server and connect to it as an AF_UNIX
// stream socket. An address other than loopback lets other machines read the position, so
// it needs `gpsd-remote = true` as well (checked in GPSBoxConfiguration.reconcile).

public enum GPSDListenAddress: Hashable, Sendable, CustomStringConvertible {
    /// An AF_UNIX stream socket at this absolute path.
    case unix(path: String)
    /// TCP on a numeric IPv4 or IPv6 address (`localhost` is read as 127.0.0.1).
    case tcp(host: String, port: Int)

    /// gpsd's registered port.
    public static let gpsdPort = 2947

    /// Whether only this machine can connect: a Unix socket, 127.0.0.0/8 or ::1.
    public var isLoopback: Bool {
        switch self {
        case .unix: true
        case .tcp(let host, _): host == "::1" || host.hasPrefix("127.")
        }
    }

    public var description: String {
        switch self {
        case .unix(let path): path
        case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        }
    }

    /// `none`, or addresses separated by commas: `/run/gpsbox/gpsd.sock, 127.0.0.1:2947`.
    public static func list(_ text: String) throws(ConfigValueError) -> [GPSDListenAddress] {
        if text == "none" { return [] }
        var out: [GPSDListenAddress] = []
        for part in text.split(separator: ",") {
            let item = part.trimmingBlanks
            let address = try GPSDListenAddress(item)
            if !out.contains(address) { out.append(address) }
        }
        if out.isEmpty { throw .badValue(value: text, expected: "none or PATH and/or HOST:PORT, separated by commas") }
        return out
    }

    /// The text of a list as `list` reads it.
    public static func text(_ list: [GPSDListenAddress]) -> String {
        list.isEmpty ? "none" : list.map(\.description).joined(separator: ", ")
    }

    /// One address: `/absolute/path`, `IPV4:PORT`, `localhost:PORT` or `[IPV6]:PORT`.
    public init(_ text: String) throws(ConfigValueError) {
        let expected = "an absolute socket path, 127.0.0.1:PORT or [::1]:PORT"
        if text.hasPrefix("/") {
            self = .unix(path: text)
            return
        }
        guard let colon = text.lastIndex(of: ":") else { throw .badValue(value: text, expected: expected) }
        var host = String(text[..<colon])
        guard let port = Int(text[text.index(after: colon)...]) else { throw .badValue(value: text, expected: expected) }
        guard (1...65_535).contains(port) else { throw .outOfRange(value: text, allowed: "ports 1-65535") }
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
            guard Self.isIPv6(host) else { throw .badValue(value: text, expected: expected) }
        } else if host == "localhost" {
            host = "127.0.0.1"
        } else {
            guard Self.isIPv4(host) else { throw .badValue(value: text, expected: expected) }
        }
        self = .tcp(host: host, port: port)
    }

    /// Four decimal parts of 0-255 without leading zeros, as inet_pton(3) takes them (it
    /// refuses `127.000.0.1`, which the daemon would otherwise only find when it binds). Names
    /// other than localhost are not looked up: the daemon starts before any resolver, and a
    /// name could turn into a non-loopback address.
    static func isIPv4(_ s: String) -> Bool {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { p in
            !p.isEmpty && p.count <= 3 && p.allSatisfy(\.isASCIIDigit) && Int(p)! <= 255
                && (p.count == 1 || p.first != "0")
        }
    }

    /// Hex groups and colons (inet_pton(3) has the last word when the socket is bound).
    static func isIPv6(_ s: String) -> Bool {
        s.contains(":") && s.allSatisfy { $0 == ":" || $0.isHexDigit || $0 == "." }
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

private extension Substring {
    var trimmingBlanks: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
