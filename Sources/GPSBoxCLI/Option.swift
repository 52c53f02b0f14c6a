// One option of a command, declared once as data. The parser (Arguments.swift) learns from
// it which words take a value; the usage line and the options list of `--help` are rendered
// from it, so what a command parses and what it says it parses cannot drift apart.

public struct Option: Sendable, Equatable {
    /// The long spelling, `--format`.
    public let name: String
    /// A one-letter spelling, `-o`, if any.
    public let short: String?
    /// What the value looks like (`F`, `N|last|all`); nil for a flag, which takes no value.
    public let value: String?
    /// A flag that `--no-NAME` turns off again (the boolean configuration options).
    public let negatable: Bool
    /// The value the command gets when the option is absent; shown as `[default]`.
    public let defaultValue: String?
    /// Must be given; the usage line shows it without brackets.
    public let required: Bool
    /// One line per entry; lines after the first continue under the first.
    public let help: String

    /// An option that takes a value.
    public init(_ name: String, short: String? = nil, value: String, default defaultValue: String? = nil,
                required: Bool = false, help: String) {
        self.name = name
        self.short = short
        self.value = value
        self.negatable = false
        self.defaultValue = defaultValue
        self.required = required
        self.help = help
    }

    /// A flag: present or not (`negatable`: also `--no-NAME`).
    public init(flag name: String, short: String? = nil, negatable: Bool = false, default defaultValue: String? = nil,
                help: String) {
        self.name = name
        self.short = short
        self.value = nil
        self.negatable = negatable
        self.defaultValue = defaultValue
        self.required = false
        self.help = help
    }

    /// `--help`/`-h`: every command knows it; it is not listed.
    static let help = Option(flag: "--help", short: "-h", help: "print this help")

    var takesValue: Bool { value != nil }

    /// The `--no-NAME` spelling of a negatable flag.
    var negation: String? { negatable ? "--no-" + name.dropFirst(2) : nil }

    /// The word for the options list: `-o, --output FILE`, `--[no-]raw`, `--rate HZ (1-25)`.
    var helpTerm: String {
        let long = negatable ? "--[no-]" + name.dropFirst(2) : name
        let names = short.map { $0 + ", " + long } ?? long
        return value.map { names + " " + $0 } ?? names
    }

    /// The word for the usage line: the value without ranges (`--rate HZ`, `--baud N|auto`);
    /// the short spelling for an option with a value (`-o FILE`), the long one for a flag.
    var usageTerm: String {
        let long = negatable ? "--[no-]" + name.dropFirst(2) : name
        let spelled = value == nil ? long : short ?? long
        guard let value else { return spelled }
        var plain = ""
        var depth = 0
        for c in value {
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 } else if depth == 0 { plain.append(c) }
        }
        let words = plain.split(separator: " ").filter { $0 != "|" && $0 != "or" }
        return spelled + " " + words.joined(separator: "|")
    }

    /// "-o FILE.svg or -o FILE.html is required".
    var missingMessage: String {
        let spelled = short ?? name
        let alternatives = (value ?? "").split(separator: "|").map { spelled + " " + $0 }
        return alternatives.joined(separator: " or ") + " is required"
    }
}

/// Renders declarations as text for `--help` and usage errors.
enum OptionText {
    /// The widest left column: longer terms put their help on the next line.
    static let maximumColumn = 34

    /// One option per row, help in a column, `[default]` after its first line; continuation
    /// lines of the help are indented to that column.
    static func list(_ options: [Option]) -> String {
        // The widest term that fits sets the column; one too long does not push every row out.
        let column = options.map { 2 + $0.helpTerm.count + 2 }.filter { $0 <= maximumColumn }.max() ?? maximumColumn
        let indent = String(repeating: " ", count: column)
        var s = ""
        for option in options {
            var lines = option.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if let d = option.defaultValue, !lines.isEmpty { lines[0] += " [\(d)]" }
            let term = "  " + option.helpTerm
            if term.count + 2 <= column {
                s += term + String(repeating: " ", count: column - term.count) + lines[0] + "\n"
            } else {
                s += term + "\n" + indent + lines[0] + "\n"
            }
            for line in lines.dropFirst() { s += line.isEmpty ? "\n" : indent + line + "\n" }
        }
        return s
    }

    /// `gpsbox NAME OPERANDS [--opt V] …`, wrapped at `width` under the first word after NAME.
    static func usage(command: String, operands: String, options: [Option], width: Int = HelpWrap.width) -> String {
        let head = "gpsbox \(command)"
        let indent = String(repeating: " ", count: "usage: ".count + head.count + 1)
        var words = operands.isEmpty ? [] : [operands]
        words += options.map { $0.required ? $0.usageTerm : "[" + $0.usageTerm + "]" }
        var s = head
        var lineLength = "usage: ".count + head.count
        for (i, word) in words.enumerated() {
            if i > 0 && lineLength + 1 + word.count > width {
                s += "\n" + indent
                lineLength = indent.count
            } else {
                s += " "
                lineLength += 1
            }
            s += word
            lineLength += word.count
        }
        return s
    }
}
