// The one JSON shape a gpsd client sends: a flat object of strings, numbers, booleans and
// null (`{"enable":true,"json":true,"device":"/dev/ttyACM0"}`). Nested values are refused.
// RFC 8259 §4 (objects), §6 (numbers), §7 (strings, escapes including \uXXXX).

public struct FlatJSONObject: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// What is wrong with the text, and where (character offset from the `{`).
    public enum ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        case expected(String, offset: Int)
        case nestedValue(key: String, offset: Int)
        case badNumber(String, offset: Int)
        case badEscape(offset: Int)

        public var description: String {
            switch self {
            case .expected(let what, let o): "expected \(what) at offset \(o)"
            case .nestedValue(let k, let o): "\"\(k)\" holds an array or object (offset \(o)): only flat values are read"
            case .badNumber(let t, let o): "\"\(t)\" at offset \(o) is not a number"
            case .badEscape(let o): "bad escape at offset \(o)"
            }
        }
    }

    public private(set) var fields: [(key: String, value: Value)] = []

    public static func == (a: FlatJSONObject, b: FlatJSONObject) -> Bool {
        a.fields.count == b.fields.count && zip(a.fields, b.fields).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func value(_ key: String) -> Value? { fields.last { $0.key == key }?.value }
    public func bool(_ key: String) -> Bool? { if case .bool(let b)? = value(key) { b } else { nil } }
    public func string(_ key: String) -> String? { if case .string(let s)? = value(key) { s } else { nil } }
    public func integer(_ key: String) -> Int? {
        if case .number(let d)? = value(key), d == d.rounded(), abs(d) < 1e9 { Int(d) } else { nil }
    }

    public static func parse(_ text: Substring) -> Result<FlatJSONObject, ParseError> {
        var p = Parser(chars: Array(text.unicodeScalars))
        do { return .success(try p.object()) } catch { return .failure(error) }
    }

    private struct Parser {
        let chars: [Unicode.Scalar]
        var i = 0

        mutating func blanks() { while i < chars.count, " \t\r\n".unicodeScalars.contains(chars[i]) { i += 1 } }

        mutating func expect(_ c: Unicode.Scalar) throws(ParseError) {
            blanks()
            guard i < chars.count, chars[i] == c else { throw .expected("'\(c)'", offset: i) }
            i += 1
        }

        mutating func object() throws(ParseError) -> FlatJSONObject {
            var o = FlatJSONObject()
            try expect("{")
            blanks()
            if i < chars.count, chars[i] == "}" { i += 1; return try end(o) }
            while true {
                blanks()
                let key = try string()
                try expect(":")
                blanks()
                let at = i
                guard i < chars.count else { throw .expected("a value", offset: i) }
                switch chars[i] {
                case "\"": o.fields.append((key, .string(try string())))
                case "{", "[": throw .nestedValue(key: key, offset: at)
                case "t": try word("true"); o.fields.append((key, .bool(true)))
                case "f": try word("false"); o.fields.append((key, .bool(false)))
                case "n": try word("null"); o.fields.append((key, .null))
                default: o.fields.append((key, .number(try number())))
                }
                blanks()
                guard i < chars.count else { throw .expected("',' or '}'", offset: i) }
                if chars[i] == "," { i += 1; continue }
                if chars[i] == "}" { i += 1; return try end(o) }
                throw .expected("',' or '}'", offset: i)
            }
        }

        mutating func end(_ o: FlatJSONObject) throws(ParseError) -> FlatJSONObject {
            blanks()
            guard i == chars.count else { throw .expected("the end after '}'", offset: i) }
            return o
        }

        mutating func word(_ w: String) throws(ParseError) {
            for c in w.unicodeScalars {
                guard i < chars.count, chars[i] == c else { throw .expected(w, offset: i) }
                i += 1
            }
        }

        mutating func number() throws(ParseError) -> Double {
            let start = i
            while i < chars.count, "+-0123456789.eE".unicodeScalars.contains(chars[i]) { i += 1 }
            let text = String(String.UnicodeScalarView(chars[start..<i]))
            guard !text.isEmpty, let d = Double(text), d.isFinite else { throw .badNumber(text, offset: start) }
            return d
        }

        mutating func string() throws(ParseError) -> String {
            guard i < chars.count, chars[i] == "\"" else { throw .expected("a string", offset: i) }
            i += 1
            var out = String.UnicodeScalarView()
            while i < chars.count {
                let c = chars[i]
                i += 1
                if c == "\"" { return String(out) }
                if c != "\\" { out.append(c); continue }
                guard i < chars.count else { break }
                let e = chars[i]
                i += 1
                switch e {
                case "\"", "\\", "/": out.append(e)
                case "b": out.append("\u{08}")
                case "f": out.append("\u{0C}")
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "t": out.append("\t")
                case "u":
                    guard i + 4 <= chars.count,
                          let v = UInt32(String(String.UnicodeScalarView(chars[i..<i + 4])), radix: 16),
                          let s = Unicode.Scalar(v) else { throw .badEscape(offset: i - 2) }
                    out.append(s)
                    i += 4
                default: throw .badEscape(offset: i - 2)
                }
            }
            throw .expected("'\"' closing the string", offset: i)
        }
    }
}
