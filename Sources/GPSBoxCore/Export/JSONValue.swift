// A small JSON reader (RFC 8259) for the files gpsbox itself writes (status.json) and for
// `stats --json` consumers in tests: objects keep key order, numbers stay Double. Errors
// name the byte offset. Not for untrusted multi-megabyte input: it builds the whole tree.

public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    public var string: String? { if case .string(let s) = self { return s } else { return nil } }
    public var number: Double? { if case .number(let n) = self { return n } else { return nil } }
    public var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var members: [(String, JSONValue)] { if case .object(let m) = self { return m } else { return [] } }

    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "JSON error at byte \(offset): \(reason)" }
    }

    public init(parsing text: String) throws(ParseError) {
        var p = JSONParser(bytes: Array(text.utf8))
        p.skipSpace()
        self = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == p.bytes.count else { throw ParseError(offset: p.i, reason: "trailing characters") }
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    var i = 0

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    func fail(_ reason: String) -> JSONValue.ParseError { JSONValue.ParseError(offset: i, reason: reason) }

    mutating func value(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth < 64 else { throw fail("nested too deeply") }
        guard i < bytes.count else { throw fail("unexpected end") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                let key = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                i += 1
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard i < bytes.count else { throw fail("unterminated object") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                throw fail("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw fail("unterminated array") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw fail("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default:
            return .number(try number())
        }
    }

    mutating func literal(_ word: String, _ v: JSONValue) throws(JSONValue.ParseError) -> JSONValue {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw fail("unknown literal") }
        i += w.count
        return v
    }

    mutating func number() throws(JSONValue.ParseError) -> Double {
        let start = i
        while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
        guard i > start, let d = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else {
            i = start
            throw fail("bad number")
        }
        return d
    }

    mutating func string() throws(JSONValue.ParseError) -> String {
        i += 1  // opening quote
        var run = i
        var out = ""
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                out += String(decoding: bytes[run..<i], as: UTF8.self)
                i += 1
                return out
            }
            if b == UInt8(ascii: "\\") {
                out += String(decoding: bytes[run..<i], as: UTF8.self)
                i += 1
                guard i < bytes.count else { break }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "n"): out += "\n"
                case UInt8(ascii: "t"): out += "\t"
                case UInt8(ascii: "r"): out += "\r"
                case UInt8(ascii: "b"): out += "\u{8}"
                case UInt8(ascii: "f"): out += "\u{c}"
                case UInt8(ascii: "u"):
                    guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16)
                    else { throw fail("bad \\u escape") }
                    i += 4
                    out.unicodeScalars.append(Unicode.Scalar(v) ?? "\u{FFFD}")
                default: out.unicodeScalars.append(Unicode.Scalar(e))
                }
                run = i
                continue
            }
            if b < 0x20 { throw fail("control character in string") }
            i += 1
        }
        throw fail("unterminated string")
    }
}
