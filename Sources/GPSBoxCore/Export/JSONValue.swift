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

    /// What is wrong with the text and where: `offset` is the byte from the start of the text;
    /// `problem` says what was expected there, so a caller can word it its own way (the gpsd feed).
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        public enum Problem: Equatable, Sendable {
            case nestedTooDeeply
            case expectedValue            // the text ended where a value belongs
            case expectedKey
            case expectedColon
            case unterminatedObject
            case expectedCommaOrBrace
            case unterminatedArray
            case expectedCommaOrBracket
            /// `word` (true, false, null) differs from the text at byte `mismatch`.
            case literal(String, mismatch: Int)
            case badNumber(String)
            /// The escape at `offset` is not one of RFC 8259 §7's (a lone surrogate included).
            case badEscape(unicode: Bool)
            case controlCharacter
            case unterminatedString
            case trailingCharacters
            /// Only with `flat`: the text is not an object, or `key` holds an array or object.
            case expectedObject
            case nestedValue(key: String)
        }

        public var offset: Int
        public var problem: Problem

        public var reason: String {
            switch problem {
            case .nestedTooDeeply: "nested too deeply"
            case .expectedValue: "unexpected end"
            case .expectedKey: "expected a key"
            case .expectedColon: "expected ':'"
            case .unterminatedObject: "unterminated object"
            case .expectedCommaOrBrace: "expected ',' or '}'"
            case .unterminatedArray: "unterminated array"
            case .expectedCommaOrBracket: "expected ',' or ']'"
            case .literal: "unknown literal"
            case .badNumber: "bad number"
            case .badEscape(let unicode): unicode ? "bad \\u escape" : "bad escape"
            case .controlCharacter: "control character in string"
            case .unterminatedString: "unterminated string"
            case .trailingCharacters: "trailing characters"
            case .expectedObject: "expected an object"
            case .nestedValue(let key): "\"\(key)\" holds an array or object"
            }
        }

        public var description: String { "JSON error at byte \(offset): \(reason)" }
    }

    public init(parsing text: String) throws(ParseError) {
        self = try JSONValue(utf8: Array(text.utf8), flat: false)
    }

    /// `flat`: the text must be one object whose values are strings, numbers, booleans or null
    /// (what a gpsd client sends); an array or object among them is refused where it starts.
    public init(utf8 bytes: [UInt8], flat: Bool) throws(ParseError) {
        var p = JSONParser(bytes: bytes, flat: flat)
        p.skipSpace()
        if flat, p.i == bytes.count || bytes[p.i] != UInt8(ascii: "{") { throw p.fail(.expectedObject) }
        self = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == p.bytes.count else { throw p.fail(.trailingCharacters) }
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    let flat: Bool
    var i = 0

    init(bytes: [UInt8], flat: Bool) {
        self.bytes = bytes
        self.flat = flat
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    func fail(_ problem: JSONValue.ParseError.Problem) -> JSONValue.ParseError {
        JSONValue.ParseError(offset: i, problem: problem)
    }

    mutating func value(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth < 64 else { throw fail(.nestedTooDeeply) }
        guard i < bytes.count else { throw fail(.expectedValue) }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail(.expectedKey) }
                let key = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail(.expectedColon) }
                i += 1
                skipSpace()
                if flat, i < bytes.count, bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "[") {
                    throw fail(.nestedValue(key: key))
                }
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard i < bytes.count else { throw fail(.unterminatedObject) }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                throw fail(.expectedCommaOrBrace)
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
                guard i < bytes.count else { throw fail(.unterminatedArray) }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw fail(.expectedCommaOrBracket)
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
        var at = i
        for c in word.utf8 {
            guard at < bytes.count, bytes[at] == c else { throw fail(.literal(word, mismatch: at)) }
            at += 1
        }
        i = at
        return v
    }

    /// RFC 8259 §6; a number too large for a Double is refused rather than read as infinity.
    mutating func number() throws(JSONValue.ParseError) -> Double {
        let start = i
        while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        i = start
        guard !text.isEmpty, let d = Double(text), d.isFinite else { throw fail(.badNumber(text)) }
        i += text.utf8.count
        return d
    }

    /// RFC 8259 §7: the escapes it lists, `\uXXXX` for a scalar (surrogates are refused).
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
                let backslash = i
                i += 1
                guard i < bytes.count else { break }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.unicodeScalars.append(Unicode.Scalar(e))
                case UInt8(ascii: "n"): out += "\n"
                case UInt8(ascii: "t"): out += "\t"
                case UInt8(ascii: "r"): out += "\r"
                case UInt8(ascii: "b"): out += "\u{8}"
                case UInt8(ascii: "f"): out += "\u{c}"
                case UInt8(ascii: "u"):
                    guard i + 4 <= bytes.count,
                          let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(v)
                    else { i = backslash; throw fail(.badEscape(unicode: true)) }
                    i += 4
                    out.unicodeScalars.append(scalar)
                default:
                    i = backslash
                    throw fail(.badEscape(unicode: false))
                }
                run = i
                continue
            }
            if b < 0x20 { throw fail(.controlCharacter) }
            i += 1
        }
        throw fail(.unterminatedString)
    }
}
