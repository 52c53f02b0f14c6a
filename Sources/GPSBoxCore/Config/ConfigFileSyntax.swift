// The file format: one `key = value` per line (the value may be in double quotes); `#` starts
// a comment at the start of a line or after whitespace (so a path may contain `#`); blank
// lines are ignored; CRLF and a UTF-8 byte-order mark are tolerated because the file is often
// edited on a laptop.

public struct ConfigEntry: Equatable, Sendable {
    public var line: Int
    public var key: String
    public var value: String
}

public enum ConfigFileSyntax {
    /// Splits `text` into entries. Syntax errors are reported with `path` and the line and
    /// the rest of the file is still read, so one run shows every mistake.
    public static func entries(in text: String, path: String) -> (entries: [ConfigEntry], errors: [ConfigError]) {
        var entries: [ConfigEntry] = []
        var errors: [ConfigError] = []
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        var number = 0
        // "\r\n" is one Character (grapheme cluster) in Swift, so it is a separator of its own.
        for rawLine in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            let content = trim(stripComment(rawLine))
            if content.isEmpty { continue }
            let at = ConfigOrigin.file(path: path, line: number)
            guard let eq = content.firstIndex(of: "=") else {
                errors.append(ConfigError(.syntax(String(content)), at: at))
                continue
            }
            let key = trim(content[..<eq])
            var value = trim(content[content.index(after: eq)...])
            // `key = "value"` is accepted too (people quote paths out of habit).
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
            guard !key.isEmpty, !key.contains(where: { $0 == " " || $0 == "\t" }) else {
                errors.append(ConfigError(.syntax(String(content)), at: at))
                continue
            }
            entries.append(ConfigEntry(line: number, key: String(key), value: String(value)))
        }
        return (entries, errors)
    }

    static func stripComment(_ line: Substring) -> Substring {
        var previous: Character = " "
        for i in line.indices {
            if line[i] == "#", previous == " " || previous == "\t" { return line[..<i] }
            previous = line[i]
        }
        return line
    }

    static func trim(_ s: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = s.firstIndex(where: { !isSpace($0) }) else { return s[s.endIndex...] }
        let last = s.lastIndex(where: { !isSpace($0) })!
        return s[first...last]
    }

    /// The known key nearest to `key` by edit distance, if it is close enough to be a typo
    /// (at most a third of the key's length, and at most 3 edits).
    public static func suggestion(for key: String, among known: [String]) -> String? {
        let normalised = key.lowercased().replacingUnderscores()
        var best: (String, Int)?
        for candidate in known {
            let d = editDistance(normalised, candidate)
            if d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        guard let (name, distance) = best, distance <= min(3, max(1, key.count / 3)) else { return nil }
        return name
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previousDiagonal = row[0]
            row[0] = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                let above = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previousDiagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                previousDiagonal = above
            }
        }
        return row[b.count]
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
