// The measuring child of `gpsbox-log-bench` (`gpsbox-log-bench --child KIND SYNC_MS HOURS DIR`) and
// the plumbing to run it: each scenario prints one line of `key=value` figures that the parent turns
// into the table.
#if canImport(Glibc)
import Glibc
#endif
import GPSBoxCore
import GPSBoxSystem

func logBenchChild(_ args: [String]) -> Int32 {
    guard args.count == 4, let sync = Int64(args[1]), let hours = Int(args[2]) else { return 2 }
    let kind = args[0], path = args[3]
    let fixes = hours * 3600
    let ioBefore = storageWriteBytes()
    let t0 = monotonicSeconds()
    var figures: [(String, Double)] = []
    do {
        switch kind {
        case "gpslog":
            let dir = try POSIXLogDirectory.create(path: path)
            let writer = try SegmentWriter(directory: dir, configuration: .init(syncIntervalMilliseconds: sync), now: .origin)
            for i in 0..<fixes { writer.append(.sample(benchSample(i)), now: MonotonicInstant(milliseconds: Int64(i) * 1000)) }
            writer.close(now: MonotonicInstant(milliseconds: Int64(fixes) * 1000))
            if let e = writer.lastError { throw e }
            let s = writer.statistics
            // Data syncs, one directory fsync per created/deleted segment, marker file + its directory entry.
            figures = [("payload", Double(s.payloadBytes)), ("written", Double(s.bytesWritten)),
                       ("fsyncs", Double(s.syncs + s.segmentsCreated + s.segmentsDeleted + 2)),
                       ("files", Double(s.segmentsCreated + 1))]
        case "gpx":
            let dir = try POSIXLogDirectory.create(path: path)
            let file = try dir.create("track.gpx")
            var buffer = Array("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"peer\"><trk><trkseg>\n".utf8)
            var written = 0, syncs = 0, payload = 0
            var lastSync: Int64 = 0
            for i in 0..<fixes {
                let s = benchSample(i)
                payload += s.logPayloadSize
                buffer += Array(gpxLine(s).utf8)
                let now = Int64(i) * 1000
                if now - lastSync >= sync {
                    try file.writeAll(buffer)
                    try file.sync()
                    written += buffer.count
                    buffer.removeAll(keepingCapacity: true)
                    syncs += 1
                    lastSync = now
                }
            }
            buffer += Array("</trkseg></trk></gpx>\n".utf8)
            try file.writeAll(buffer)
            try file.sync()
            written += buffer.count
            file.close()
            figures = [("payload", Double(payload)), ("written", Double(written)), ("fsyncs", Double(syncs + 2)), ("files", 1)]
        case "append", "append-disk":
            // 1 kHz simulated time: a write(2) of ~54 KB every 1000 records and no fdatasync, into
            // ext4 ("append-disk") or into a sink that discards the bytes ("append": CPU cost only).
            let posix = try POSIXLogDirectory.create(path: path)
            let dir: any LogDirectory = kind == "append" ? DiscardDirectory(posix) : NoSyncDirectory(posix)
            let count = kind == "append" ? 5_000_000 : 1_000_000
            let config = LogWriterConfiguration(segmentSizeLimitBytes: 64 << 20, syncIntervalMilliseconds: 1000,
                                                ring: RingPolicy(quotaBytes: 1 << 40, freeSpaceFloorBytes: 0))
            let writer = try SegmentWriter(directory: dir, configuration: config, now: .origin)
            let samples = (0..<1000).map { LogEntry.sample(benchSample($0)) }
            let start = monotonicSeconds()
            for i in 0..<count { writer.append(samples[i % 1000], now: MonotonicInstant(milliseconds: Int64(i))) }
            writer.close(now: MonotonicInstant(milliseconds: Int64(count)))
            let seconds = monotonicSeconds() - start
            figures = [("rate", Double(count) / seconds), ("mbps", Double(writer.statistics.bytesWritten) / seconds / 1e6)]
        case "gpx-append", "gpx-append-disk":
            let dir = try POSIXLogDirectory.create(path: path)
            let file: any AppendableLogFile = kind == "gpx-append" ? DiscardDirectory.DiscardFile() : try dir.create("track.gpx")
            let count = 1_000_000
            let samples = (0..<1000).map(benchSample)
            var buffer: [UInt8] = []
            var written = 0
            let start = monotonicSeconds()
            for i in 0..<count {
                buffer += Array(gpxLine(samples[i % 1000]).utf8)
                if buffer.count >= 64 * 1024 {
                    try file.writeAll(buffer)
                    written += buffer.count
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try file.writeAll(buffer)
            written += buffer.count
            let seconds = monotonicSeconds() - start
            figures = [("rate", Double(count) / seconds), ("mbps", Double(written) / seconds / 1e6)]
        default:
            return 2
        }
    } catch {
        print("error=\(error)")
        return 1
    }
    figures += [("storage", Double(storageWriteBytes() - ioBefore)), ("seconds", monotonicSeconds() - t0),
                ("rss_kb", peakRSSKilobytes())]
    print(figures.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
    return 0
}

/// Runs this executable with `args`, returns the `key=value` figures it printed.
func runChild(_ args: [String], executable: String = "/proc/self/exe") -> [String: Double]? {
    guard let finished = ChildProcess.run([executable] + args, timeoutMilliseconds: nil, keepStandardError: true) else { return nil }
    let text = finished.output, status = finished.status
    var figures: [String: Double] = [:]
    for pair in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
        let kv = pair.split(separator: "=", maxSplits: 1)
        if kv.count == 2, let v = Double(kv[1]) { figures[String(kv[0])] = v }
    }
    guard status == 0 else {
        print("child \(args.joined(separator: " ")) failed: \(text)")
        return nil
    }
    return figures
}

/// /proc/self/io write_bytes: bytes this process caused to be sent to the storage layer.
func storageWriteBytes() -> Int64 {
    let text = (try? InputFile.text("/proc/self/io", maxBytes: 1 << 20)) ?? ""
    for line in text.split(separator: "\n") where line.hasPrefix("write_bytes:") {
        return Int64(line.dropFirst("write_bytes:".count).trimmingPrefix(" ")) ?? 0
    }
    return 0
}

/// True when this process maps a shared libc (false for a fully static executable).
func sharedLibrariesMapped() -> Bool {
    ((try? InputFile.text("/proc/self/maps", maxBytes: 1 << 20)) ?? "libc.so").contains("libc.so")
}

func peakRSSKilobytes() -> Double {
    Double(CurrentProcess.peakResidentKilobytes)
}

func monotonicSeconds() -> Double { MonotonicClock.nowSeconds() }

/// Deletes the benchmark's scratch tree (two levels: root/scenario/file).
func removeTree(_ path: String) {
    guard let names = try? POSIXLogDirectory(path: path).fileNames() else { return }
    for n in names {
        let sub = path + "/" + n
        if let inner = try? POSIXLogDirectory(path: sub).fileNames() {
            for f in inner { try? FileSystem.removeFile(sub + "/" + f) }
            try? FileSystem.removeDirectory(sub)
        } else {
            try? FileSystem.removeFile(sub)
        }
    }
    try? FileSystem.removeDirectory(path)
}
