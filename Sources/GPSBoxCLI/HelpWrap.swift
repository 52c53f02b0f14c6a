// Help fits an 80-column terminal (an SSH window on a phone or a laptop). A line longer than
// that takes in the lines that continue it (same indentation, or the text column of a list
// row) and is broken again at spaces, continuing under where its text starts: the help
// column of an option row, or the line's own indentation. Nothing breaks inside a word.

enum HelpWrap {
    static let width = 80

    static func text(_ text: String, width: Int) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        var out: [String] = []
        var i = 0
        while i < lines.count {
            var current = lines[i]
            i += 1
            if current.count > width, !isCommand(current) {
                let column = continuationIndent(current)
                while i < lines.count, !lines[i].isEmpty, leading(lines[i]) == column, !isListRow(lines[i]) {
                    current += [" "] + lines[i].dropFirst(column)
                    i += 1
                }
            }
            out.append(line(current, width: width))
        }
        return out.joined(separator: "\n")
    }

    static func line(_ chars: [Character], width: Int) -> String {
        guard chars.count > width, !isCommand(chars) else { return String(chars) }
        let indent = String(repeating: " ", count: continuationIndent(chars))
        var out = ""
        var rest = chars[...]
        var first = true
        while true {
            let prefix = first ? "" : indent
            let room = width - prefix.count
            if rest.count <= room || room < 20 { return out + prefix + String(rest) }
            // The last space that keeps the line within the width, past the indentation.
            let limit = rest.startIndex + room
            let minimum = rest.startIndex + (first ? indent.count : 0) + 1
            guard minimum <= limit, let space = rest[minimum...limit].lastIndex(of: " ") else {
                return out + prefix + String(rest)
            }
            var head = rest[..<space]
            while head.last == " " { head = head.dropLast() }
            out += prefix + String(head) + "\n"
            rest = rest[(space + 1)...].drop { $0 == " " }
            first = false
        }
    }

    /// An example command line (`  gpsbox dump …`): copied as a whole, never joined or broken.
    static func isCommand(_ chars: [Character]) -> Bool {
        String(chars.dropFirst(leading(chars)).prefix(7)) == "gpsbox "
    }

    static func leading(_ chars: [Character]) -> Int { chars.prefix { $0 == " " }.count }

    /// "term  text": a run of two spaces after the first word (option and command rows, a
    /// format table); the column where its text starts, or nil.
    static func textColumn(_ chars: [Character]) -> Int? {
        var i = leading(chars)
        guard i < chars.count else { return nil }
        while i + 1 < chars.count {
            if chars[i] == " ", chars[i + 1] == " " {
                var j = i
                while j < chars.count, chars[j] == " " { j += 1 }
                return j < chars.count ? j : nil
            }
            i += 1
        }
        return nil
    }

    static func isListRow(_ chars: [Character]) -> Bool { textColumn(chars) != nil }

    /// A list row continues under its text column, any other line under its indentation.
    static func continuationIndent(_ chars: [Character]) -> Int { textColumn(chars) ?? leading(chars) }
}
