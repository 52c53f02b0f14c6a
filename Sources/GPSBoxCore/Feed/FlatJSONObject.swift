// The one JSON shape a gpsd client sends: a flat object of strings, numbers, booleans and
// null (`{"enable":true,"json":true,"device":"/dev/ttyACM0"}`). Nested values are refused.
// JSONValue reads it (its `flat` mode); the errors are worded here for the feed's replies,
// with offsets in characters from the `{`.

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
        case controlCharacter(offset: Int)

        public var description: String {
            switch self {
            case .expected(let what, let o): "expected \(what) at offset \(o)"
            case .nestedValue(let k, let o): "\"\(k)\" holds an array or object (offset \(o)): only flat values are read"
            case .badNumber(let t, let o): "\"\(t)\" at offset \(o) is not a number"
            case .badEscape(let o): "bad escape at offset \(o)"
            case .controlCharacter(let o): "control character in a string at offset \(o)"
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
        let bytes = Array(text.utf8)
        let value: JSONValue
        do { value = try JSONValue(utf8: bytes, flat: true) } catch { return .failure(feedError(error, in: bytes)) }
        var o = FlatJSONObject()
        for (key, member) in value.members {
            switch member {
            case .string(let s): o.fields.append((key, .string(s)))
            case .number(let d): o.fields.append((key, .number(d)))
            case .bool(let b): o.fields.append((key, .bool(b)))
            case .null, .array, .object: o.fields.append((key, .null))   // flat: only null gets here
            }
        }
        return .success(o)
    }

    /// The reader's error in the feed's words; byte offsets become character offsets.
    private static func feedError(_ e: JSONValue.ParseError, in bytes: [UInt8]) -> ParseError {
        func characters(_ byte: Int) -> Int { bytes[..<min(byte, bytes.count)].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
        let o = characters(e.offset)
        switch e.problem {
        case .expectedObject: return .expected("'{'", offset: o)
        case .expectedKey: return .expected("a string", offset: o)
        case .expectedColon: return .expected("':'", offset: o)
        case .expectedValue: return .expected("a value", offset: o)
        case .unterminatedObject, .expectedCommaOrBrace: return .expected("',' or '}'", offset: o)
        case .literal(let word, let mismatch): return .expected(word, offset: characters(mismatch))
        case .badNumber(let text): return .badNumber(text, offset: o)
        case .badEscape: return .badEscape(offset: o)
        case .controlCharacter: return .controlCharacter(offset: o)
        case .unterminatedString: return .expected("'\"' closing the string", offset: o)
        case .trailingCharacters: return .expected("the end after '}'", offset: o)
        case .nestedValue(let key): return .nestedValue(key: key, offset: o)
        // Not reached in flat mode (no arrays, depth 1); worded all the same.
        case .nestedTooDeeply, .unterminatedArray, .expectedCommaOrBracket: return .expected("a flat value", offset: o)
        }
    }
}
