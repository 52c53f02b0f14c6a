// `gpsbox-log-bench [HOURS] [--throughput-only]`: the track log's flash benchmark (bench/bench-log).
// Each scenario runs in its own child process (this executable, `--child KIND SYNC_MS HOURS
// DIR`) so that /proc/self/io write_bytes and the peak RSS belong to that scenario alone; the executable
// links GPSBoxCore and GPSBoxSystem only, so that RSS is the log writer's, not the rest of gpsbox's.
// `--shipped-linking PATH` also runs the default scenario in PATH, the same program linked the way
// gpsbox ships (bench/bench-log builds this one fully static and PATH with --static-swift-stdlib):
//   gpslog SYNC_MS   24 simulated hours of 1 Hz full fixes through SegmentWriter on ext4
//   gpx SYNC_MS      the peer: the same fixes as GPX <trkpt> lines, write + fdatasync per interval
//   append / gpx-append   throughput with sync disabled (fdatasync skipped, write(2) kept)
#if canImport(Glibc)
import Glibc
#endif
import GPSBoxCore
import GPSBoxSystem

func logBenchMain(_ args: [String]) -> Int32 {
    if args.first == "--child" { return logBenchChild(Array(args.dropFirst())) }
    let hours = args.first.flatMap(Int.init) ?? 24
    let throughputOnly = args.contains("--throughput-only")
    let shipped = args.firstIndex(of: "--shipped-linking").flatMap { args.indices.contains($0 + 1) ? args[$0 + 1] : nil }
    let root = "/var/tmp/gpsbox-log-bench-\(CurrentProcess.pid)"
    try? FileSystem.makeDirectory(root, existingIsFine: true)
    defer { removeTree(root) }
    print("track log flash benchmark: \(hours) simulated hours of 1 Hz fixes (\(hours * 3600) fixes), ext4, one child process per row")
    print("writer binary: \(sharedLibrariesMapped() ? "glibc and libstdc++ shared" : "fully static (no shared library mapped)")")
    print("| writer | sync interval | payload MB | write(2) MB | storage MB (write_bytes) | fsyncs | files | write amplification | storage B/fix | peak RSS MB | wall s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    var rows: [String: [String: Double]] = [:]
    for (kind, sync) in throughputOnly ? [] : [("gpslog", 1_000), ("gpslog", 10_000), ("gpslog", 60_000), ("gpx", 1_000), ("gpx", 10_000), ("gpx", 60_000)] {
        guard let r = runChild(["--child", kind, String(sync), String(hours), "\(root)/\(kind)-\(sync)"]) else { return 1 }
        rows["\(kind)-\(sync)"] = r
        let label = kind == "gpslog" ? (sync == 10_000 ? "gpsbox log (default)" : "gpsbox log") : "peer: GPX + fdatasync"
        let mb = { (k: String) in fmt(r[k, default: 0] / 1e6, 2) }
        print("| \(label) | \(sync / 1000) s | \(mb("payload")) | \(mb("written")) | \(mb("storage")) | \(Int(r["fsyncs", default: 0])) "
            + "| \(Int(r["files", default: 0])) | \(fmt(r["storage", default: 0] / max(r["payload", default: 1], 1), 2)) "
            + "| \(fmt(r["storage", default: 0] / Double(hours * 3600), 1)) | \(fmt(r["rss_kb", default: 0] / 1024, 1)) "
            + "| \(fmt(r["seconds", default: 0], 2)) |")
    }
    var rates: [String: [String: Double]] = [:]
    for kind in ["append", "gpx-append", "append-disk", "gpx-append-disk"] {
        guard let r = runChild(["--child", kind, "0", "0", "\(root)/\(kind)"]) else { return 1 }
        rates[kind] = r
    }
    print("")
    print("| append throughput, sync disabled | records/s | MB/s |")
    print("|---|---:|---:|")
    for (kind, label) in [("append", "gpsbox log: encode + CRC + block packing (bytes discarded)"),
                          ("gpx-append", "peer: GPX line formatting (bytes discarded)"),
                          ("append-disk", "gpsbox log: + write(2) to ext4, no fdatasync"),
                          ("gpx-append-disk", "peer: GPX + write(2) to ext4, no fdatasync")] {
        print("| \(label) | \(fmt(rates[kind]!["rate", default: 0], 0)) | \(fmt(rates[kind]!["mbps", default: 0], 1)) |")
    }
    let ours = rates["append"]!, peer = rates["gpx-append"]!
    guard let def = rows["gpslog-10000"], let gpx = rows["gpx-10000"] else {
        print("\nappend rate \(fmt(ours["rate", default: 0] / 1e6, 2)) M records/s, "
            + "\(fmt(ours["rate", default: 0] / max(peer["rate", default: 1], 1), 1))x the GPX peer")
        return 0
    }
    // The same child with zero fixes: the process's own baseline (runtime, libraries, binary).
    let baseline = runChild(["--child", "gpslog", "10000", "0", "\(root)/baseline"])?["rss_kb"] ?? 0
    print("")
    print("peak RSS with 0 fixes (process baseline): \(fmt(baseline / 1024, 1)) MB; the writer adds "
        + "\(fmt((def["rss_kb", default: 0] - baseline) / 1024, 1)) MB over \(hours) h at the default settings")
    if let shipped {
        let day = runChild(["--child", "gpslog", "10000", String(hours), "\(root)/shipped"], executable: shipped)
        let zero = runChild(["--child", "gpslog", "10000", "0", "\(root)/shipped-baseline"], executable: shipped)
        print("the same writer linked as gpsbox ships (\(shipped): Swift runtime static, glibc and libstdc++ shared): "
            + "peak RSS \(fmt((day?["rss_kb"] ?? 0) / 1024, 1)) MB at the default settings, "
            + "\(fmt((zero?["rss_kb"] ?? 0) / 1024, 1)) MB with 0 fixes; storage \(fmt((day?["storage"] ?? 0) / 1e6, 2)) MB")
    }
    print("default (10 s): \(fmt(def["storage", default: 0] / 1e6 * 24 / Double(max(hours, 1)), 2)) MB/day to storage (target <= 40), peak RSS "
        + "\(fmt(def["rss_kb", default: 0] / 1024, 1)) MB (target <= 8); GPX peer / gpsbox storage ratio "
        + "\(fmt(gpx["storage", default: 0] / def["storage", default: 1], 2))x; append rate "
        + "\(fmt(ours["rate", default: 0] / 1e6, 2)) M records/s (target >= 1), \(fmt(ours["rate", default: 0] / max(peer["rate", default: 1], 1), 1))x the GPX peer")
    return 0
}

/// A full fix of a simulated bike ride: every optional field present (the 40-byte worst case),
/// at the resolution samples made from fixes have (course in 0.01°, accuracies in cm).
func benchSample(_ i: Int) -> TrackSample {
    let wobble = Int32(i % 600) - 300
    return TrackSample(time: UTCTime(rawValue: 1_796_000_000_000 + Int64(i) * 1000),
                       latitudeE7: 473_977_000 + Int32(i) * 37, longitudeE7: 85_449_000 + Int32(i) * 21 + wobble,
                       altitudeMSL: 408_000 + wobble * 10, altitudeHAE: 455_600 + wobble * 10, speed: 5_200 + wobble,
                       course: 4_500_000 + wobble * 1000, climb: wobble, horizontalAccuracy: 1_800 + UInt32(i % 40) * 10,
                       verticalAccuracy: 2_900, mode: .threeD, satellitesUsed: 14, pdop: 140, hdop: 85, vdop: 110)
}

func gpxLine(_ s: TrackSample) -> String {
    "<trkpt lat=\"\(fixed(Int64(s.latitudeE7), 7))\" lon=\"\(fixed(Int64(s.longitudeE7), 7))\"><ele>\(fixed(Int64(s.altitudeMSL ?? 0), 3))</ele>"
        + "<time>\(s.time.rfc3339)</time><sat>\(s.satellitesUsed ?? 0)</sat><hdop>\(fixed(Int64(s.hdop ?? 0), 2))</hdop>"
        + "<pdop>\(fixed(Int64(s.pdop ?? 0), 2))</pdop><extensions><speed>\(fixed(Int64(s.speed ?? 0), 3))</speed>"
        + "<course>\(fixed(Int64(s.course ?? 0), 5))</course></extensions></trkpt>\n"
}

/// A decimal with `places` fraction digits from a scaled integer (no Foundation).
func fixed(_ v: Int64, _ places: Int) -> String {
    var scale: Int64 = 1
    for _ in 0..<places { scale *= 10 }
    let a = v.magnitude
    var frac = String(a % UInt64(scale))
    frac = String(repeating: "0", count: places - frac.count) + frac
    return (v < 0 ? "-" : "") + String(a / UInt64(scale)) + "." + frac
}

func fmt(_ v: Double, _ places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let r = Int64((v * scale).rounded())
    return places == 0 ? String(r) : fixed(r, places)
}

/// A directory whose files skip fdatasync: "sync disabled" for the throughput rows.
final class NoSyncDirectory: LogDirectory {
    let base: POSIXLogDirectory
    init(_ base: POSIXLogDirectory) { self.base = base }
    var path: String { base.path }
    func fileNames() throws(LogIOError) -> [String] { try base.fileNames() }
    func create(_ name: String) throws(LogIOError) -> any AppendableLogFile { NoSyncFile(try base.create(name)) }
    func remove(_ name: String) throws(LogIOError) { try base.remove(name) }
    func openForReading(_ name: String) throws(LogIOError) -> any ReadableLogFile { try base.openForReading(name) }
    func size(of name: String) throws(LogIOError) -> Int64 { try base.size(of: name) }
    func freeBytes() throws(LogIOError) -> Int64 { try base.freeBytes() }

    final class NoSyncFile: AppendableLogFile {
        let file: any AppendableLogFile
        init(_ file: any AppendableLogFile) { self.file = file }
        func writeAll(_ bytes: UnsafeRawBufferPointer, written: inout Int) throws(LogIOError) {
            try file.writeAll(bytes, written: &written)
        }
        func sync() throws(LogIOError) {}
        func close() { file.close() }
    }
}

/// Files that accept and discard every byte: the writer's CPU cost without the disk.
final class DiscardDirectory: LogDirectory {
    let base: POSIXLogDirectory
    init(_ base: POSIXLogDirectory) { self.base = base }
    var path: String { base.path }
    func fileNames() throws(LogIOError) -> [String] { try base.fileNames() }
    func create(_ name: String) throws(LogIOError) -> any AppendableLogFile { DiscardFile() }
    func remove(_ name: String) throws(LogIOError) {}
    func openForReading(_ name: String) throws(LogIOError) -> any ReadableLogFile { try base.openForReading(name) }
    func size(of name: String) throws(LogIOError) -> Int64 { 0 }
    func freeBytes() throws(LogIOError) -> Int64 { 1 << 40 }

    final class DiscardFile: AppendableLogFile {
        func writeAll(_ bytes: UnsafeRawBufferPointer, written: inout Int) throws(LogIOError) { written = bytes.count }
        func sync() throws(LogIOError) {}
        func close() {}
    }
}
