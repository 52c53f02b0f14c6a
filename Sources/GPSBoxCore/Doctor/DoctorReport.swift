// How `gpsbox doctor` says it: one block per finding, at most 80 columns (an SSH window), the
// verdict first so problems stand out; or one JSON object for scripts.

public enum DoctorReport {
    public static let width = 80

    public static func problems(_ findings: [DoctorFinding]) -> Int {
        findings.count { $0.verdict == .problem }
    }

    public static func text(_ findings: [DoctorFinding]) -> String {
        var s = ""
        for f in findings {
            let mark = f.verdict.rawValue + String(repeating: " ", count: max(1, 8 - f.verdict.rawValue.count))
            s += wrap(f.area.rawValue + ": " + f.text, first: mark, indent: 8)
            if let fix = f.fix { s += wrap(fix, first: "        fix: ", indent: 13) }
            if let guide = f.guide, f.verdict == .problem { s += wrap(guide.reference, first: "        see: ", indent: 13) }
        }
        let n = problems(findings)
        s += n == 0 ? "\nAll well.\n" : "\n\(n) problem\(n == 1 ? "" : "s") found: each PROBLEM line above says the fix.\n"
        return s
    }

    public static func json(_ findings: [DoctorFinding]) -> String {
        var list = "["
        for (i, f) in findings.enumerated() {
            var o = JSONObjectWriter()
            o.field("area", f.area.rawValue)
            o.field("verdict", f.verdict.rawValue.lowercased())
            o.field("text", f.text)
            o.field("fix", f.fix)
            o.field("guide", f.guide?.reference)
            list += (i == 0 ? "" : ",") + o.finished()
        }
        var top = JSONObjectWriter()
        top.field("problems", problems(findings))
        top.rawField("findings", list + "]")
        return top.finished() + "\n"
    }

    /// `first` then the words of `text`, broken at spaces so no line is wider than `width`;
    /// continuation lines start with `indent` spaces. A word longer than a line stands alone.
    static func wrap(_ text: String, first: String, indent: Int) -> String {
        var out = ""
        var current = first
        var fresh = true
        for word in text.split(separator: " ") {
            if !fresh && current.count + 1 + word.count > width {
                out += current + "\n"
                current = String(repeating: " ", count: indent)
                fresh = true
            }
            current += (fresh ? "" : " ") + word
            fresh = false
        }
        return out + current + "\n"
    }
}
