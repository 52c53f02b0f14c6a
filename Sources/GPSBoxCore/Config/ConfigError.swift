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
        case duplicateKey(String, firstLine: Int)
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

    public var message: String {
        switch reason {
        case .syntax(let text): "expected 'key = value', found '\(text)'"
        case .unknownKey(let key, let suggestion):
            "unknown key '\(key)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case .duplicateKey(let key, let first): "'\(key)' is already set on line \(first)"
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
