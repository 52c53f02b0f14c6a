// `gpsbox-bench log-writer DIR SYNC_MS ACKED [SEGMENT_BYTES]`: the child of the track-log crash test
// (scripts/test.d/log-crash). It first checks that the log in DIR holds every sample up to
// index ACKED (the last one a previous child acknowledged) in order, exactly once, with no
// corruption (exit 3 otherwise); then it appends sample ACKED+1… forever at simulated 1 Hz
// (time is simulated, so sync intervals are counted in records) and prints `synced N` on
// stdout after every completed sync, N being the last sample on storage. The parent SIGKILLs it.
// SEGMENT_BYTES (default 64 KiB) lets the damage soak (scripts/log-damage.py) make runs of many
// small segments.
//
// `gpsbox-bench log-check DIR ACKED` only runs the check and prints the sample count.
#if canImport(Glibc)
import Glibc
#endif
import GPSBoxCore
import GPSBoxSystem

/// The crash test's sample number `i`: time encodes the index; the rest varies with it (course
/// in whole 0.01°, as the log stores it and as samples made from fixes are).
func crashSample(_ i: Int) -> TrackSample {
    TrackSample(time: UTCTime(rawValue: 1_796_029_200_000 + Int64(i) * 1000),
                latitudeE7: 473_977_000 + Int32(i % 100_000), longitudeE7: 85_449_000 - Int32(i % 100_000),
                altitudeMSL: 408_000 + Int32(i % 1000), speed: Int32(i % 5000), course: Int32(i % 36_000) * 1000,
                horizontalAccuracy: 1500, mode: .threeD, satellitesUsed: UInt8(i % 30), hdop: 90)
}

/// Reads DIR; returns the number of samples, or an error text if any rule of the guarantee broke.
func checkCrashLog(_ path: String, acknowledged: Int) -> Result<Int, CrashCheckFailure> {
    let reader = TrackLogReader(directoryPath: path)
    var count = 0
    for entry in reader {
        guard case .sample(let s) = entry else { continue }
        guard s == crashSample(count) else {
            return .failure(CrashCheckFailure(text: "sample \(count): found \(s.time.rfc3339) (duplicate, gap or corrupt) at "
                + "\(reader.currentFile ?? "?") offset \(reader.currentOffset)"))
        }
        count += 1
    }
    if let bad = reader.damage.first(where: { $0.isCorruption }) {
        return .failure(CrashCheckFailure(text: "corruption: \(bad)"))
    }
    guard count > acknowledged else {
        return .failure(CrashCheckFailure(text: "acknowledged sample \(acknowledged) lost: only \(count) samples"))
    }
    return .success(count)
}

struct CrashCheckFailure: Error {
    var text: String
}

func logCheckMain(_ args: [String]) -> Int32 {
    guard args.count == 2, let acked = Int(args[1]) else {
        print("usage: gpsbox-bench log-check DIR ACKED")
        return 2
    }
    switch checkCrashLog(args[0], acknowledged: acked) {
    case .success(let n):
        print("ok \(n) samples")
        return 0
    case .failure(let f):
        print("FAIL \(f.text)")
        return 3
    }
}

func logWriterMain(_ args: [String]) -> Int32 {
    guard args.count == 3 || args.count == 4, let syncMs = Int64(args[1]), let acked = Int(args[2]),
          let segmentBytes = args.count == 4 ? Int64(args[3]) : 64 * 1024, segmentBytes >= 8192 else {
        print("usage: gpsbox-bench log-writer DIR SYNC_MS ACKED [SEGMENT_BYTES]")
        return 2
    }
    let path = args[0]
    guard (try? POSIXLogDirectory.create(path: path)) != nil else {
        printLine("FAIL cannot create \(path)")
        return 1
    }
    let start: Int
    switch checkCrashLog(path, acknowledged: acked) {
    case .success(let n): start = n
    case .failure(let f):
        printLine("FAIL \(f.text)")
        return 3
    }
    do {
        let dir = POSIXLogDirectory(path: path)
        let config = LogWriterConfiguration(segmentSizeLimitBytes: segmentBytes, syncIntervalMilliseconds: syncMs)
        let writer = try SegmentWriter(directory: dir, configuration: config, now: .origin)
        var synced = writer.statistics.syncs
        var i = start
        while true {
            writer.append(.sample(crashSample(i)), now: MonotonicInstant(milliseconds: Int64(i) * 1000))
            if let e = writer.lastError {
                printLine("FAIL \(e)")
                return 1
            }
            if writer.statistics.syncs != synced {
                synced = writer.statistics.syncs
                printLine("synced \(i - writer.unsyncedRecords)")
            }
            i += 1
        }
    } catch {
        printLine("FAIL \(error)")
        return 1
    }
}

/// One unbuffered write per line, so a line the parent sees was complete before the kill.
func printLine(_ s: String) {
    var line = s + "\n"
    line.withUTF8 { b in _ = try? FileDescriptor(borrowing: 1).writeAll(UnsafeRawBufferPointer(b)) }
}
