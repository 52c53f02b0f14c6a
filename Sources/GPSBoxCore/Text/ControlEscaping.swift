// Strings from outside (paths, device names, configuration values, client addresses) reach
// the journal and the terminal. A control character in them would start a forged line (a
// newline), move the cursor or recolour the terminal (ESC): each is shown as `\n`, `\t`, `\r`
// or `\xNN` instead. Text without control characters is left as it is.

extension String {
    /// `self` with C0 controls and DEL escaped (`\n`, `\t`, `\r`, `\xNN`).
    public var escapingControls: String {
        var out = ""
        Self.appendEscaping(self, to: &out)
        return out
    }

    /// True when `text` holds a character `escapingControls` would change.
    public static func hasControls(_ text: String, quote: Bool = false) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F || (quote && $0 == 0x22) }
    }

    /// Appends `text` to `out` with control characters escaped (and `"` as `\"` when `quote`).
    /// `keepingNewlines` leaves line ends alone, for a text of several lines that gpsbox wrote.
    public static func appendEscaping(_ text: String, to out: inout String, quote: Bool = false,
                                      keepingNewlines: Bool = false) {
        guard hasControls(text, quote: quote) else {
            out += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepingNewlines: out += "\n"
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0x22 where quote: out += "\\\""
            case 0..<0x20, 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
    }
}
