// `gpsbox reset`: deletes every segment of a track log after asking. Uses the log's own
// reset primitive, which refuses a directory that is not a track log. It holds the folder's
// lock while it works (one writer per folder): with `gpsbox run` logging
// there it is refused, naming the daemon's pid, and deletes nothing.
import GPSBoxCore
import GPSBoxSystem

struct ResetCommand: Subcommand {
    static let name = "reset"
    static let abstract = "Delete all logged tracks (asks first)."
    static let logDirectory = Option("--log-dir", value: "DIR", required: true,
                                     help: "the track log directory (e.g. /var/lib/gpsbox)")
    static let yes = Option(flag: "--yes", short: "-y", help: "do not ask")
    static let options = [logDirectory, yes]
    static let description = """
        Deletes every segment file of the track log in DIR after printing what will go and
        asking for "yes" on standard input. Refuses a directory that holds neither the gpsbox
        marker file nor segment files, so a mistyped path deletes nothing. Refused while a
        `gpsbox run` logs into DIR (the message names its pid): stop it first with
        `sudo systemctl stop gpsbox`, reset, then start it again.
        """
    static let notes = """
        examples:
          gpsbox reset --log-dir /var/lib/gpsbox
          gpsbox reset --log-dir /var/lib/gpsbox --yes

        exit status: 0 deleted, 1 not confirmed, not a track log, or in use by gpsbox run.
        """

    /// Reads the answer to the prompt (tests replace it; nil is end of input).
    nonisolated(unsafe) static var readAnswer: () -> String? = { readLine() }

    var directory: String
    var assumeYes: Bool

    init(_ args: Arguments) throws(UsageError) {
        assumeYes = args.flag(Self.yes)
        guard let d = args.value(Self.logDirectory) else { throw UsageError(Self.logDirectory.missingMessage) }
        directory = d
        try args.expectOperands(atMost: 0)
    }

    func run(_ io: inout CommandIO) throws -> ExitStatus {
        if let problem = LogAccessError.check(directory: directory, deleting: true), problem != .emptyLog(path: directory) {
            io.err.write("gpsbox reset: \(problem); nothing deleted\n")
            return .failure
        }
        let lock: FolderLock
        do {
            lock = try FolderLock(folder: directory)
        } catch .failed(let e) {
            // Not allowed to create the lock file: not allowed to delete either; say so as a deletion would.
            io.err.write("gpsbox reset: \(LogAccessError(deleting: LogIOError(e), directory: directory)); nothing deleted\n")
            return .failure
        } catch {
            io.err.write("gpsbox reset: \(error); nothing deleted\n")
            return .failure
        }
        defer { withExtendedLifetime(lock) {} }
        let dir = POSIXLogDirectory(path: directory)
        let names = (try? TrackLogReader.segmentNames(in: dir)) ?? []
        let bytes = names.reduce(Int64(0)) { $0 + ((try? dir.size(of: $1.fileName)) ?? 0) }
        // What goes, in the owner's terms: the trips and the days they span (one read of the log).
        let trips = LogContents.read(TrackLogReader(directory: dir)).trips
        if let first = trips.first, let last = trips.last {
            io.out.write("\(directory) holds \(trips.count) trip\(trips.count == 1 ? "" : "s") from "
                + "\(EmptySelection.time(first.start)) to \(EmptySelection.time(last.end))\n")
        } else {
            io.out.write("\(directory) holds no samples\n")
        }
        if !assumeYes {
            io.out.write("Delete \(names.count) segment file(s), \(Self.size(bytes)), from \(directory)? Type yes to confirm: ")
            io.out.flush()
            let answer = Self.readAnswer()?.trimmingWhitespace.lowercased()
            guard answer == "yes" || answer == "y" else {
                io.out.write("\n")
                io.err.write("gpsbox reset: not confirmed; nothing deleted\n")
                return .failure
            }
        }
        do throws(LogIOError) {
            let progress = DeletionProgress(dir, segments: names.count, line: .standardError(io, label: "gpsbox reset"))
            defer { progress.finish() }
            let result = try TrackLogDirectory.reset(progress)
            io.out.write("deleted \(result.segmentsDeleted) segment file(s), \(Self.size(result.bytesDeleted)) from \(directory)\n")
            return .success
        } catch {
            io.err.write("gpsbox reset: \(LogAccessError(deleting: error, directory: directory))\n")
            return .failure
        }
    }

    static func size(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1024 * 1024 { return JSONObjectWriter.format(Double(bytes) / 1024, decimals: 1) + " KiB" }
        return JSONObjectWriter.format(Double(bytes) / 1_048_576, decimals: 1) + " MiB"
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }.reversed())
    }
}
