// Configuration errors carry where (file and line, or the flag) and why, so `gpsbox config
// check` and a failing `gpsbox run` (exit 78) can say exactly what to fix.

/// Where an effective option value came from; `gpsbox config show` prints it per option.
public enum ConfigOrigin: Hashable, Sendable, CustomStringConvertible {
    case builtInDefault
    case file(path: String, line: Int)
    case flag(String)

    public var description: String {
        switch self {
        case .builtInDefault: "default"
        case .file(let path, let line): line > 0 ? "\(path):\(line)" : path
        case .flag(let name): "flag \(name)"
        }
    }
}

/// Why one value was rejected, without the where (the option table knows no files).
public enum ConfigValueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The number is fine but the unit is missing or unknown: `10` or `10 sec` for a duration.
    case badUnit(value: String, expected: String)
    /// Not a value of this kind at all: `fast` for a rate.
    case badValue(value: String, expected: String)
    /// Well-formed but outside what the option allows.
    case outOfRange(value: String, allowed: String)

    public var description: String {
        switch self {
        case .badUnit(let v, let e): "bad unit in '\(v)': expected \(e)"
        case .badValue(let v, let e): "bad value '\(v)': expected \(e)"
        case .outOfRange(let v, let a): "'\(v)' is out of range: allowed \(a)"
        }
    }
}

/// One configuration error with its place.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// A line that is neither blank, a comment, nor `key = value`.
        case syntax(String)
        case unknownKey(String, suggestion: String?)
        /// `firstName`: how the first line spelled it, when that was the other of an option's
        /// old and new names (`min-accuracy` / `max-hacc`).
        case duplicateKey(String, firstLine: Int, firstName: String? = nil, oldName: String? = nil)
        case missingValue(key: String)
        case invalidValue(key: String, ConfigValueError)
        /// Two options that cannot both hold (e.g. `device` and `i2c`), named by `key`.
        case conflict(key: String, String)
        /// The file could not be read at all (origin line 0): the system's reason.
        case unreadable(String)
    }

    public var origin: ConfigOrigin
    public var reason: Reason

    public init(_ reason: Reason, at origin: ConfigOrigin) {
        self.origin = origin
        self.reason = reason
    }

    /// A line as it can be shown on a terminal: control characters and bytes that were not
    /// UTF-8 (read as U+FFFD) escaped, so a binary file never reaches the terminal raw.
    static func printable(_ text: String) -> String {
        var out = ""
        for u in text.unicodeScalars {
            switch u.value {
            case 0x00...0x1F, 0x7F...0x9F: out += "\\x" + (u.value < 16 ? "0" : "") + String(u.value, radix: 16, uppercase: true)
            case 0xFFFD: out += "\\x??"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// 1-based column of the first character `printable` escapes, nil if none.
    static func firstUnprintableColumn(_ text: String) -> Int? {
        var column = 1
        for u in text.unicodeScalars {
            if u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0xFFFD { return column }
            column += 1
        }
        return nil
    }

    public var message: String {
        switch reason {
        case .syntax(let text): "expected 'key = value', found '\(ConfigError.printable(text))'"
            + (ConfigError.firstUnprintableColumn(text).map { " (a byte that is not text at column \($0))" } ?? "")
        case .unknownKey(let key, let suggestion):
            "unknown key '\(key)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case .duplicateKey(let key, let first, let firstName?, let old?):
            "'\(key)' is already set on line \(first) as '\(firstName)' ('\(old)' is the old name of the same "
                + "option): keep one"
        case .duplicateKey(let key, let first, _, _): "'\(key)' is already set on line \(first)"
        case .missingValue(let key): "'\(key)' has no value"
        case .invalidValue(let key, let why): "\(key): \(why)"
        case .conflict(let key, let why): "\(key): \(why)"
        case .unreadable(let why): "cannot read: \(why)"
        }
    }

    /// `FILE:LINE: message`, or `flag --x: message`, the shape compilers use.
    public var description: String { "\(origin): \(message)" }
}

/// Every error found in one configuration (check reports all of them, not just the first).
public struct InvalidConfiguration: Error, Equatable, Sendable, CustomStringConvertible {
    public var errors: [ConfigError]
    public init(_ errors: [ConfigError]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
