import Testing
@testable import GPSBoxCore

/// status.json is rendered into one reusable buffer and written only when its bytes change.
@Suite struct StatusDocumentTests {
    static func writes(_ doc: StatusDocument, _ status: DaemonStatus, ok: Bool = true) -> [String] {
        var out: [String] = []
        doc.update(status) { bytes in
            out.append(String(decoding: bytes, as: UTF8.self))
            return ok
        }
        return out
    }

    @Test func theSameStatusIsWrittenOnceAndAChangeIsWrittenAgain() {
        let doc = StatusDocument()
        var s = DaemonStatus()
        s.state = "searching"
        s.uptimeSeconds = 5
        #expect(Self.writes(doc, s) == [s.json + "\n"])
        #expect(Self.writes(doc, s).isEmpty, "nothing changed: no write")
        s.uptimeSeconds = 6
        #expect(Self.writes(doc, s) == [s.json + "\n"])
        #expect(String(decoding: doc.written, as: UTF8.self) == s.json + "\n")
    }

    @Test func aFailedWriteIsTriedAgainAndInvalidateForcesAWrite() {
        let doc = StatusDocument()
        var s = DaemonStatus()
        s.state = "fix"
        #expect(Self.writes(doc, s, ok: false).count == 1)
        #expect(Self.writes(doc, s).count == 1, "the failed content is written at the next update")
        #expect(Self.writes(doc, s).isEmpty)
        doc.invalidate()
        #expect(Self.writes(doc, s).count == 1, "a new file gets the content although it did not change")
    }

    /// The byte writer produces exactly the text of the String-built object it replaced.
    @Test func everyFieldIsWrittenAsBefore() {
        var s = DaemonStatus()
        s.pid = 7
        s.version = "1.2.3"
        s.state = "fix"
        s.device = "/dev/serial0 at 115200 Bd"
        s.receiver = "u-blox M8 \"ROM\"\tSPG"
        s.line = "UART1 at 115200 Bd"
        s.uptimeSeconds = 3600
        s.recording = true
        s.fixMode = .threeD
        s.fixValid = true
        s.fixTime = UTCTime(rfc3339: "2026-11-30T09:00:25.5Z")
        s.latitude = -33.8688197
        s.longitude = 151.2092955
        s.altitudeMSLMetres = 58.04
        s.horizontalAccuracyMetres = 1.25
        s.speedMetresPerSecond = 27.777
        s.satellitesUsed = 14
        s.satellitesInView = 22
        s.secondsSinceFix = 0.1
        s.secondsSinceData = 0.04
        s.tripID = 12
        s.tripDistanceMetres = 17028.46
        s.tripDurationSeconds = 612.5
        s.tripMovingSeconds = 600
        s.tripAverageSpeed = 27.8
        s.tripMaxSpeed = 33.333
        s.lastSampleTime = UTCTime(rfc3339: "2026-11-30T09:00:20Z")
        s.samplesWritten = 61
        s.logDirectory = "/var/lib/gpsbox"
        s.logSyncedRecords = 60
        s.logUnsyncedRecords = 1
        s.logBytesWritten = 4096
        s.logSegments = 2
        s.logSyncs = 30
        s.logError = "ENOSPC"
        s.logStoredBytes = 100
        s.logQuotaBytes = 400
        s.logFreeBytes = 1 << 30
        s.ringDeletedSegments = 1
        s.ringDeletedBytes = 512
        s.ringDeletedThrough = UTCTime(rfc3339: "2026-11-29T00:00:00Z")
        s.logDroppedRecords = 3
        s.logAppendedRecords = 64
        s.logDiscardedRecords = 3
        s.fixCounters.kept = 61
        s.fixCounters.notDue = 5000
        s.ledPattern = "solid"
        s.bytesRead = 123_456
        s.nmeaFrames = 9000
        s.ubxFrames = 1200
        s.checksumFailures = 2
        s.bytesSkipped = 17
        s.reconnects = 1
        s.moduleRestarts = 1
        s.lastError = "device gone: /dev/serial0"
        #expect(s.json == #"{"class":"STATUS","version":"1.2.3","pid":7,"state":"fix","#
            + #""device":"/dev/serial0 at 115200 Bd","receiver":"u-blox M8 \"ROM\"\tSPG","line":"UART1 at 115200 Bd","#
            + #""uptime_s":3600,"recording":true,"fix":{"mode":"3d","valid":true,"time":"2026-11-30T09:00:25.500Z","#
            + #""lat":-33.8688197,"lon":151.2092955,"alt_msl_m":58,"hacc_m":1.3,"speed_mps":27.78,"sats_used":14,"#
            + #""sats_in_view":22,"age_s":0.1,"data_age_s":0},"trip":{"id":12,"distance_m":17028.5,"duration_s":613,"#
            + #""moving_s":600,"avg_speed_mps":27.8,"max_speed_mps":33.33,"last_sample":"2026-11-30T09:00:20.000Z","#
            + #""samples":61},"log":{"dir":"/var/lib/gpsbox","synced_records":60,"unsynced_records":1,"#
            + #""bytes_written":4096,"segments_created":2,"syncs":30,"error":"ENOSPC","stored_bytes":100,"#
            + #""quota_bytes":400,"quota_used_pct":25,"free_bytes":1073741824,"ring_deleted_segments":1,"#
            + #""ring_deleted_bytes":512,"ring_deleted_through":"2026-11-29T00:00:00.000Z","dropped_records":3,"appended_records":64,"discarded_records":3},"#
            + #""fixes":{"total":5061,"kept":61,"skipped":{"invalid":0,"not_recording":0,"inaccurate":0,"not_due":5000,"#
            + #""too_close":0,"stationary":0}},"led":"solid","counters":{"bytes":123456,"nmea":9000,"ubx":1200,"#
            + #""checksum_failures":2,"bytes_skipped":17,"reconnects":1,"module_restarts":1},"#
            + #""last_error":"device gone: /dev/serial0"}"#)
    }
}
