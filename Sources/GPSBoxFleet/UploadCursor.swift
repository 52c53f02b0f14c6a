// The upload's saved cursor: a small text file in its state folder (written atomically by the
// process: temp file, fsync, rename, fsync of the folder), naming the last record the
// collector acknowledged. A damaged file is an error naming the line, never a silent restart
// from the beginning or the end.

public struct CursorFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var reason: String

    public var description: String { "line \(line): \(reason)" }
}

public enum UploadCursor {
    public static let header = "gpsbox-upload-cursor 1"

    public static func encode(_ p: LogPosition) -> String {
        "\(header)\nrun \(hex16(p.run))\nsegment \(p.segment)\noffset \(p.offset)\n"
    }

    public static func decode(_ text: String) throws(CursorFileError) -> LogPosition {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == header else { throw CursorFileError(line: 1, reason: "expected '\(header)'") }
        func value(_ index: Int, _ key: String) throws(CursorFileError) -> Substring {
            guard index < lines.count, lines[index].hasPrefix(key + " ") else {
                throw CursorFileError(line: index + 1, reason: "expected '\(key) <value>'")
            }
            return lines[index].dropFirst(key.count + 1)
        }
        let runText = try value(1, "run")
        guard runText.count == 16, let run = UInt64(runText, radix: 16) else {
            throw CursorFileError(line: 2, reason: "run '\(runText)' is not 16 hex digits")
        }
        guard let segment = UInt64(try value(2, "segment")) else { throw CursorFileError(line: 3, reason: "segment is not a number") }
        guard let offset = Int64(try value(3, "offset")), offset >= 0 else {
            throw CursorFileError(line: 4, reason: "offset is not a number")
        }
        return LogPosition(run: run, segment: segment, offset: offset)
    }

    static func hex16(_ v: UInt64) -> String {
        let h = String(v, radix: 16)
        return String(repeating: "0", count: 16 - h.count) + h
    }
}
