// An argv cursor (swift-argument-parser's idea without the dependency): subcommands pull
// options out by name, then `expectEnd()` turns any leftover into a usage error.

/// A usage error: exit code 2, message plus the command's usage line on stderr.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

public struct Arguments: Sendable {
    private(set) var items: [String]

    public init(_ items: [String]) { self.items = items }

    public var isEmpty: Bool { items.isEmpty }
    public var remaining: [String] { items }

    /// True (and consumed) when one of `names` is present.
    public mutating func flag(_ names: String...) -> Bool {
        var found = false
        items.removeAll { arg in
            if names.contains(arg) { found = true; return true }
            return false
        }
        return found
    }

    /// The value of `--name VALUE` or `--name=VALUE`; the last occurrence wins.
    public mutating func option(_ names: String...) throws(UsageError) -> String? {
        var value: String?
        var i = 0
        while i < items.count {
            let arg = items[i]
            if names.contains(arg) {
                guard i + 1 < items.count else { throw UsageError("\(arg) needs a value") }
                value = items[i + 1]
                items.removeSubrange(i...(i + 1))
                continue
            }
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("-"), names.contains(String(arg[..<eq])) {
                value = String(arg[arg.index(after: eq)...])
                items.remove(at: i)
                continue
            }
            i += 1
        }
        return value
    }

    /// Every value of a repeatable option.
    public mutating func options(_ names: String...) throws(UsageError) -> [String] {
        var values: [String] = []
        var i = 0
        while i < items.count {
            if names.contains(items[i]) {
                guard i + 1 < items.count else { throw UsageError("\(items[i]) needs a value") }
                values.append(items[i + 1])
                items.removeSubrange(i...(i + 1))
            } else {
                i += 1
            }
        }
        return values
    }

    /// An option whose value must be one of an enum's raw values; the error lists them.
    public mutating func option<E: RawRepresentable & CaseIterable>(
        _ name: String, as: E.Type
    ) throws(UsageError) -> E? where E.RawValue == String {
        guard let raw = try option(name) else { return nil }
        guard let v = E(rawValue: raw) else {
            let allowed = E.allCases.map(\.rawValue).joined(separator: "|")
            throw UsageError("\(name): '\(raw)' is not one of \(allowed)")
        }
        return v
    }

    /// The next positional argument (anything not starting with "-", or "-" itself).
    public mutating func positional() -> String? {
        guard let i = items.firstIndex(where: { !$0.hasPrefix("-") || $0 == "-" }) else { return nil }
        return items.remove(at: i)
    }

    /// All remaining positional arguments.
    public mutating func positionals() -> [String] {
        var out: [String] = []
        while let p = positional() { out.append(p) }
        return out
    }

    /// Leftover arguments are a usage error naming the first.
    public func expectEnd() throws(UsageError) {
        if let first = items.first {
            throw UsageError(first.hasPrefix("-") ? "unknown option \(first)" : "unexpected argument '\(first)'")
        }
    }
}
