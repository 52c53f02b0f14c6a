// Splits a client's bytes into gpsd requests. A request is `?NAME;` or `?NAME=JSON;`; blanks
// and newlines between requests are skipped. Input is bounded: a request longer than
// `maximumRequestBytes` is an error reply and the buffer is dropped, so a client that sends
// garbage without a `;` cannot make the daemon hold more than that.

public struct GPSDRequestReader: Sendable {
    /// gpsd reads client commands into a buffer of this order (GPS_JSON_COMMAND_MAX is 80 for
    /// the command word; WATCH objects with a device path run to a few hundred bytes).
    public static let maximumRequestBytes = 1024

    /// What one step of reading found.
    public enum Item: Equatable, Sendable {
        case request(GPSDRequest)
        /// Answered with gpsd's ERROR report carrying this message.
        case error(String)
    }

    private var pending: [UInt8] = []
    /// A `?WATCH={…}` or `?DEVICE={…}` just ended at its '}': a ';' right after it is its own.
    private var objectEnded = false

    public init() { pending.reserveCapacity(Self.maximumRequestBytes) }

    /// Bytes waiting for the rest of their request.
    public var pendingCount: Int { pending.count }

    /// Adds bytes from the client and returns every complete request in them, in order.
    public mutating func consume(_ bytes: some Collection<UInt8>) -> [Item] {
        var items: [Item] = []
        for b in bytes {
            if pending.isEmpty {
                if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { continue }
                if objectEnded && b == UInt8(ascii: ";") { objectEnded = false; continue }
            }
            objectEnded = false
            pending.append(b)
            if b == UInt8(ascii: ";") {
                items.append(Self.parse(pending))
                pending.removeAll(keepingCapacity: true)
            } else if b == UInt8(ascii: "}"), Self.endsObjectArgument(pending) {
                // gpsd.c handle_request: the object ends the request; the ';' is optional.
                // python3-gps sends `?WATCH={"enable":true,"json":true}` and a newline.
                pending.append(UInt8(ascii: ";"))
                items.append(Self.parse(pending))
                pending.removeAll(keepingCapacity: true)
                objectEnded = true
            } else if pending.count > Self.maximumRequestBytes {
                items.append(.error("request over \(Self.maximumRequestBytes) bytes without ';': dropped"))
                pending.removeAll(keepingCapacity: true)
            }
        }
        return items
    }

    private static let objectRequests = [Array("?WATCH={".utf8), Array("?DEVICE={".utf8)]

    /// Whether `bytes` is `?WATCH=` or `?DEVICE=` with a JSON object whose last '}' closes it
    /// (braces inside strings do not count).
    static func endsObjectArgument(_ bytes: [UInt8]) -> Bool {
        guard let prefix = objectRequests.first(where: { bytes.starts(with: $0) }) else { return false }
        var depth = 0, inString = false, escaped = false
        for b in bytes[(prefix.count - 1)...] {
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
            } else if b == UInt8(ascii: "\"") {
                inString = true
            } else if b == UInt8(ascii: "{") {
                depth += 1
            } else if b == UInt8(ascii: "}") {
                depth -= 1
            }
        }
        return depth == 0 && !inString
    }

    /// One request, `;` included.
    static func parse(_ bytes: [UInt8]) -> Item {
        let text = String(decoding: bytes.dropLast(), as: UTF8.self)
        guard text.first == "?" else { return .error("Unrecognized request '\(printable(text))'") }
        let body = text.dropFirst()
        let name: Substring, argument: Substring?
        if let eq = body.firstIndex(of: "=") {
            name = body[..<eq]
            argument = body[body.index(after: eq)...]
        } else {
            name = body
            argument = nil
        }
        switch name {
        case "VERSION" where argument == nil: return .request(.version)
        case "DEVICES" where argument == nil: return .request(.devices)
        case "POLL" where argument == nil: return .request(.poll)
        case "DEVICE": return .request(.device)
        case "WATCH":
            guard let argument else { return .request(.watch(GPSDWatchChange())) }
            switch FlatJSONObject.parse(argument) {
            case .failure(let e): return .error("Invalid WATCH: \(e)")
            case .success(let object): return .request(.watch(watchChange(object)))
            }
        default:
            return .error("Unrecognized request '\(printable(String(name)))'")
        }
    }

    private static func watchChange(_ o: FlatJSONObject) -> GPSDWatchChange {
        var c = GPSDWatchChange()
        c.enable = o.bool("enable")
        c.json = o.bool("json")
        c.nmea = o.bool("nmea")
        c.raw = o.integer("raw")
        c.scaled = o.bool("scaled")
        c.timing = o.bool("timing")
        c.split24 = o.bool("split24")
        c.pps = o.bool("pps")
        c.device = o.string("device")
        return c
    }

    /// The request as an error message may quote it: at most 60 characters, controls as '?'.
    static func printable(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.prefix(60).map {
            $0.value < 0x20 || $0.value == 0x7F || $0 == "'" || $0 == "\\" || $0 == "\"" ? "?" : $0
        }))
    }
}
