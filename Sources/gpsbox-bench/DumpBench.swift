// gpsbox-bench dump-generate: writes a synthetic track log with the real SegmentWriter, for
// bench/bench-dump (one week at 1 Hz) and scripts/test.d/export-validate (small logs, and a
// slow writer to copy mid-write). The route wanders like a bike on city streets: speed varies
// between stops and 40 km/h, heading turns smoothly, height rolls; a trip marker every
// `--trip-hours` hours.
#if canImport(Glibc)
import Glibc
#endif
import GPSBoxCore
import GPSBoxSystem
import GPSBoxSimulator

enum DumpBench {
    static let usage = """
        usage: gpsbox-bench dump-generate DIR [--samples N] [--interval-ms MS] [--trip-hours H]
                                              [--start RFC3339] [--gap-every N] [--slow-us US]
          --samples N        samples to write (default 604800: one week at 1 Hz)
          --interval-ms MS   time between samples (default 1000)
          --trip-hours H     a trip start marker every H hours of samples (default 6)
          --gap-every N      after every N samples, 2 minutes without samples (a tunnel: a new run)
          --slow-us US       sync after every sample and sleep US microseconds (a live writer
                             to copy from)
        """

    static func generate(_ argv: [String]) -> Int32 {
        var args = argv
        guard !args.isEmpty, !args[0].hasPrefix("-") else { print(usage); return 2 }
        let dir = args.removeFirst()
        var samples = 604_800, intervalMs: Int64 = 1000, tripHours = 6.0, slowMicroseconds: UInt32 = 0, gapEvery = 0
        var start = UTCTime(year: 2026, month: 11, day: 23, hour: 6)!
        while args.count >= 2 {
            let (flag, value) = (args.removeFirst(), args.removeFirst())
            switch flag {
            case "--samples": samples = Int(value) ?? samples
            case "--interval-ms": intervalMs = Int64(value) ?? intervalMs
            case "--trip-hours": tripHours = Double(value) ?? tripHours
            case "--slow-us": slowMicroseconds = UInt32(value) ?? 0
            case "--gap-every": gapEvery = Int(value) ?? 0
            case "--start": start = UTCTime(rfc3339: value) ?? start
            default: print(usage); return 2
            }
        }
        guard args.isEmpty else { print(usage); return 2 }
        let writer: SegmentWriter
        do {
            let directory = try POSIXLogDirectory.create(path: dir)
            // Sync rarely for speed (the bench measures dumping, not logging), but often enough
            // that the writer's 1 MiB buffer never fills; --slow-us syncs every record instead.
            let configuration = LogWriterConfiguration(syncIntervalMilliseconds: slowMicroseconds > 0 ? 0 : 3_600_000)
            writer = try SegmentWriter(directory: directory, configuration: configuration, now: 0)
        } catch {
            print("gpsbox-bench: \(dir): \(error)")
            return 1
        }
        var route = Route()
        let tripEvery = max(1, Int(tripHours * 3_600_000 / Double(intervalMs)))
        var trip: UInt32 = 0
        var skippedMs: Int64 = 0
        for i in 0..<samples {
            if gapEvery > 0, i > 0, i % gapEvery == 0 { skippedMs += 120_000 }
            let time = UTCTime(rawValue: start.rawValue + Int64(i) * intervalMs + skippedMs)
            let now = MonotonicInstant(milliseconds: Int64(i) * intervalMs)
            if i % tripEvery == 0 {
                trip += 1
                writer.append(.tripStart(TripMarker(tripID: trip, time: time, reason: .recordingToggled)), now: now)
            }
            writer.append(.sample(route.next(time: time, seconds: Double(intervalMs) / 1000)), now: now)
            if slowMicroseconds > 0 { MonotonicClock.sleep(seconds: Double(slowMicroseconds) / 1e6) }
        }
        writer.close(now: MonotonicInstant(milliseconds: Int64(samples) * intervalMs))
        if let e = writer.lastError {
            print("gpsbox-bench: \(dir): \(e)")
            return 1
        }
        print("wrote \(samples) samples in \(trip) trips to \(dir) (\(writer.statistics.segmentsCreated) segments, \(writer.statistics.bytesWritten) bytes)")
        return 0
    }

    /// A smooth, deterministic wander around Zürich.
    struct Route {
        var lat = 47.3769, lon = 8.5417, heading = 0.6, step = 0.0

        mutating func next(time: UTCTime, seconds dt: Double) -> TrackSample {
            step += 1
            let t = step * dt
            heading += (0.018 * sin(t / 37) + 0.011 * cos(t / 13) + 0.002) * dt
            var speed = 5.2 + 3.4 * sin(t / 53) + 1.3 * sin(t / 9)
            if Int(t) % 900 < 40 { speed = 0 }   // a red light every quarter of an hour
            speed = max(speed, 0)
            lat += speed * dt * cos(heading) / 111_195
            lon += speed * dt * sin(heading) / (111_195 * cos(lat * .pi / 180))
            // Keep the wander within ~20 km of the start.
            if abs(lat - 47.3769) > 0.15 || abs(lon - 8.5417) > 0.2 { heading += .pi / 90 }
            var course = (heading * 180 / .pi).truncatingRemainder(dividingBy: 360)
            if course < 0 { course += 360 }
            let height = 410 + 28 * sin(t / 900)
            let k = Int(step)
            return TrackSample(
                time: time, latitudeE7: Int32((lat * 1e7).rounded()), longitudeE7: Int32((lon * 1e7).rounded()),
                altitudeMSL: Int32(height * 1000), altitudeHAE: Int32((height + 47.85) * 1000),
                speed: Int32(speed * 1000), course: Int32((course * 1e5).rounded()), climb: Int32(28_000 / 900 * cos(t / 900)),
                horizontalAccuracy: UInt32(1800 + k % 7 * 150), verticalAccuracy: UInt32(2900 + k % 5 * 200),
                mode: .threeD, satellitesUsed: UInt8(9 + k % 4), pdop: UInt16(130 + k % 5 * 5),
                hdop: UInt16(80 + k % 3 * 5), vdop: UInt16(100 + k % 4 * 5))
        }
    }
}
