// The one parser: a single left-to-right pass over argv against a command's declared options.
// It knows which options take a value, so the word after one is always its value (`dump -o -h`
// writes to a file named -h), never an option or an operand of its own; words that are not
// options are operands, wherever they stand (`config --config FILE show`); after `--`
// every word is an operand.

/// A usage error: exit code 64 (EX_USAGE), message plus the command's usage line on stderr.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A command line taken apart: the options given, in order, and the operands.
public struct Arguments: Sendable {
    /// One occurrence: the option, the word that named it (`-o`, `--no-raw`) and its value
    /// (a flag's is "true", or "false" for `--no-NAME`).
    public struct Given: Sendable {
        public let option: Option
        public let spelling: String
        public let value: String
    }

    public private(set) var given: [Given] = []
    /// The words that are not options, in order.
    public private(set) var operands: [String] = []
    /// `--help` or `-h` was given as an option (not as another option's value).
    public private(set) var wantsHelp = false

    /// Parses `argv` (the words after the command's name) against `options`. An unknown
    /// option or a missing value is an error, unless `--help` was asked for: then the help.
    public init(_ argv: [String], options: [Option]) throws(UsageError) {
        var firstError: UsageError?
        var i = 0
        var optionsEnded = false
        while i < argv.count {
            let word = argv[i]
            i += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                operands.append(word)
                continue
            }
            if word == "--" { optionsEnded = true; continue }
            var spelling = word
            var attached: String?
            if let eq = word.firstIndex(of: "=") {
                spelling = String(word[..<eq])
                attached = String(word[word.index(after: eq)...])
            }
            if spelling == Option.help.name || spelling == Option.help.short { wantsHelp = true; continue }
            guard let (option, negated) = Self.find(spelling, in: options) else {
                firstError = firstError ?? UsageError("unknown option \(spelling)")
                continue
            }
            guard option.takesValue else {
                if let attached {
                    firstError = firstError ?? UsageError("\(spelling) takes no value (given '\(attached)')")
                }
                given.append(Given(option: option, spelling: spelling, value: negated ? "false" : "true"))
                continue
            }
            if let attached {
                given.append(Given(option: option, spelling: spelling, value: attached))
            } else if i < argv.count {
                given.append(Given(option: option, spelling: spelling, value: argv[i]))
                i += 1
            } else {
                firstError = firstError ?? UsageError("\(spelling) needs a value: \(spelling) \(option.value ?? "")")
            }
        }
        if wantsHelp { return }
        if let firstError { throw firstError }
        for option in options where option.required && !isGiven(option) {
            throw UsageError(option.missingMessage)
        }
    }

    private static func find(_ spelling: String, in options: [Option]) -> (Option, negated: Bool)? {
        for option in options {
            if spelling == option.name || spelling == option.short { return (option, false) }
            if spelling == option.negation { return (option, true) }
        }
        return nil
    }

    public func isGiven(_ option: Option) -> Bool { given.contains { $0.option == option } }

    /// The last value given, else the declared default.
    public func value(_ option: Option) -> String? {
        given.last { $0.option == option }?.value ?? option.defaultValue
    }

    /// Every value given, in order (a repeatable option).
    public func values(_ option: Option) -> [String] {
        given.filter { $0.option == option }.map(\.value)
    }

    /// A flag: the last `--NAME` or `--no-NAME` given decides, else the default, else off.
    public func flag(_ option: Option) -> Bool { value(option) == "true" }

    /// A value that must be one of an enum's raw values; the error names the option, the
    /// value and the choices.
    public func value<E: RawRepresentable & CaseIterable>(_ option: Option, as: E.Type) throws(UsageError) -> E?
    where E.RawValue == String {
        guard let raw = value(option) else { return nil }
        guard let v = E(rawValue: raw) else {
            let allowed = E.allCases.map(\.rawValue).joined(separator: "|")
            throw UsageError("\(option.name): '\(raw)' is not one of \(allowed)")
        }
        return v
    }

    /// A value checked by `convert`; nil from it is an error naming the option and the value.
    public func value<T>(_ option: Option, _ expected: String, _ convert: (String) -> T?) throws(UsageError) -> T? {
        guard let raw = value(option) else { return nil }
        guard let v = convert(raw) else { throw UsageError("\(option.name): '\(raw)' is not \(expected)") }
        return v
    }

    /// At most `count` operands; the first extra one is the error.
    public func expectOperands(atMost count: Int) throws(UsageError) {
        if operands.count > count { throw UsageError("unexpected argument '\(operands[count])'") }
    }
}
