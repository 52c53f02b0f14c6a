// Why a track log or the daemon's status file cannot be used, in words that name the cause and
// the next step. The daemon's files are its own: /var/lib/gpsbox and /run/gpsbox are
// mode 0750, owner gpsbox, group gpsbox (board/gpsbox.service), so a fresh owner not yet in the
// group is refused, and only the gpsbox user (or root) may delete. errno numbers stay in the
// daemon's journal lines; a person reads strerror's words here.
import GPSBoxCore
import GPSBoxSystem

enum LogAccessError: Error, Equatable, CustomStringConvertible {
    /// A log directory that does not exist.
    case missing(path: String)
    /// A segment file given by name that does not exist.
    case missingFile(path: String)
    /// Reading was refused (EACCES/EPERM).
    case cannotRead(path: String)
    /// Deleting was refused: the gpsbox group may read the log but not change it.
    case cannotDelete(path: String, directory: String)
    case notADirectory(path: String)
    /// A directory that holds neither the marker file nor a segment.
    case notATrackLog(path: String)
    /// A file given by name that does not begin as a segment does.
    case notAFileOfTheLog(path: String)
    /// A track log (marker, maybe empty segments) without a single sample.
    case emptyLog(path: String)
    /// No status file: the daemon is not running (or never ran).
    case notRunning(statusFile: String)
    /// Any other failed call, errno in words.
    case failed(call: String, path: String, reason: String)

    static let groupHint = "add yourself to group gpsbox (sudo usermod -aG gpsbox $USER, then log in again) or use sudo"

    /// One line: a control character in a path (a newline, ESC) is escaped.
    var description: String { text.escapingControls }

    private var text: String {
        switch self {
        case .missing(let p):
            "\(p) does not exist; the daemon's log is /var/lib/gpsbox once gpsbox is installed and has run "
                + "(log-dir in /etc/gpsbox/gpsbox.conf); give another with --log-dir DIR"
        case .missingFile(let p):
            "\(p): no such file"
        case .cannotRead(let p):
            "cannot read \(p): permission denied; \(Self.groupHint)"
        case .cannotDelete(let p, let dir):
            "cannot delete \(p): permission denied; the log belongs to the gpsbox user, so run "
                + "sudo gpsbox reset --log-dir \(dir)"
        case .notADirectory(let p):
            "\(p) is not a directory; give the track log directory with --log-dir DIR, or segment files (*.gpslog)"
        case .notATrackLog(let p):
            "\(p) is not a gpsbox track log (no segment files, no marker file); the daemon's log is "
                + "/var/lib/gpsbox (log-dir in /etc/gpsbox/gpsbox.conf)"
        case .notAFileOfTheLog(let p):
            "\(p): not a gpsbox track log (segments begin with GPSBOXLG); give the log's *.gpslog files "
                + "or --log-dir DIR"
        case .emptyLog(let p):
            "\(p) holds no samples yet; the daemon logs once the module has a fix (see gpsbox status)"
        case .notRunning(let f):
            "gpsbox is not running (no \(f)); start it with sudo systemctl start gpsbox, "
                + "and journalctl -u gpsbox says why it stopped"
        case .failed(let call, let p, let reason):
            "cannot \(call) \(p): \(reason)"
        }
    }

    /// strerror's text in lower case, to sit inside a sentence ("no space left on device").
    static func words(errno e: Int32) -> String {
        let text = SystemError.reason(errno: e)
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// A failed read of a log directory or segment file, for a person.
    init(reading e: LogIOError) {
        switch e {
        case .notFound(let p): self = .missing(path: p)
        case .failed(_, let p, let n) where n == Errno.permissionDenied || n == Errno.notPermitted: self = .cannotRead(path: p)
        case .failed(_, let p, let n) where n == Errno.notADirectory: self = .notADirectory(path: p)
        case .failed(_, let p, 0): self = .notATrackLog(path: p)   // TrackLogDirectory.reset's refusal
        case .failed(let call, let p, let n): self = .failed(call: Self.verb(call), path: p, reason: Self.words(errno: n))
        case .noSpace(let p): self = .failed(call: "read", path: p, reason: Self.words(errno: Errno.noSpace))
        case .readOnly(let p): self = .failed(call: "read", path: p, reason: Self.words(errno: Errno.readOnlyFileSystem))
        case .ioError(let p): self = .failed(call: "read", path: p, reason: Self.words(errno: Errno.ioError) + " (failing storage?)")
        case .fileTooLarge(let p): self = .failed(call: "read", path: p, reason: Self.words(errno: Errno.fileTooLarge))
        case .notRegularFile(let p): self = .failed(call: "read", path: p, reason: "not a regular file (a link, FIFO or device)")
        }
    }

    /// A failed read of the status file: "not running" when it is absent.
    init(statusFile path: String, _ e: SystemError) {
        switch e.errno {
        case Errno.noSuchFile: self = .notRunning(statusFile: path)
        case Errno.permissionDenied, Errno.notPermitted: self = .cannotRead(path: e.path ?? path)
        default: self = .failed(call: Self.verb(e.call), path: e.path ?? path, reason: Self.words(errno: e.errno))
        }
    }

    /// A failed delete (`gpsbox reset`): the group may only read, so the hint is sudo.
    init(deleting e: LogIOError, directory: String) {
        switch e {
        case .failed(_, let p, let n) where n == Errno.permissionDenied || n == Errno.notPermitted: self = .cannotDelete(path: p, directory: directory)
        case .readOnly(let p): self = .failed(call: "delete", path: p, reason: Self.words(errno: Errno.readOnlyFileSystem))
        default: self = LogAccessError(reading: e)
        }
    }

    /// "opendir" reads as "list", "unlink" as "delete": what was attempted, not the call.
    private static func verb(_ call: String) -> String {
        switch call {
        case "opendir": "list"
        case "unlink": "delete"
        case "open", "read": "read"
        case "stat": "inspect"
        case "fsync": "sync"
        default: call
        }
    }

    /// Whether a log directory can be read, checked before the first pass so the owner hears
    /// the cause rather than "no samples": it exists, is a directory, may be listed, holds a
    /// marker or segments, and its first segment may be opened. Explicit segment files must
    /// exist and open; what is inside them is reported later as damage.
    /// `deleting`: the hint for a refused read is sudo, as group membership would not do.
    static func check(directory path: String, deleting: Bool = false) -> LogAccessError? {
        let problem = probe(directory: path)
        if deleting, case .cannotRead(let p) = problem { return .cannotDelete(path: p, directory: path) }
        return problem
    }

    private static func probe(directory path: String) -> LogAccessError? {
        let dir = POSIXLogDirectory(path: path)
        let names: [String]
        do throws(LogIOError) { names = try dir.fileNames() } catch { return LogAccessError(reading: error) }
        let segments = SegmentName.readingOrder(names.compactMap(SegmentName.init(fileName:)))
        guard !segments.isEmpty else {
            return names.contains(LogFormat.markerName) ? .emptyLog(path: path) : .notATrackLog(path: path)
        }
        // The first segment that opens answers for the folder's permissions. A FIFO, link or
        // directory under a segment's name is no log file: the reader skips it with a damage
        // line (exit 3) wherever it sorts (docs/log-format.md §1), so it is passed over here.
        for segment in segments {
            do throws(LogIOError) {
                try dir.openForReading(segment.fileName).close()
                return nil
            } catch .notRegularFile {
                continue
            } catch {
                return LogAccessError(reading: error)
            }
        }
        return nil
    }

    static func check(files: [String]) -> LogAccessError? {
        for f in files {
            do throws(LogIOError) {
                let file = try POSIXReadFile(path: f)
                defer { file.close() }
                // Every segment begins with the magic (docs/log-format.md §2); a file that
                // begins otherwise (a GPX, /etc/passwd) is not one, however it is named.
                var start = [UInt8](repeating: 0, count: LogFormat.magic.count)
                let n = try file.readFill(into: &start)
                if n > 0, !LogFormat.magic.starts(with: start[..<n]) { return .notAFileOfTheLog(path: f) }
            } catch .notFound {
                return .missingFile(path: f)
            } catch {
                return LogAccessError(reading: error)
            }
        }
        return nil
    }
}

/// A failed write of a command's output file (-o), errno in words.
struct WriteError: CustomStringConvertible {
    var error: any Error
    init(_ error: any Error) { self.error = error }
    var description: String {
        guard let e = error as? SystemError else { return "cannot write: \(GPSBox.sentence(error))" }
        return "cannot write \((e.path ?? "the output").escapingControls): \(LogAccessError.words(errno: e.errno))"
    }
}
