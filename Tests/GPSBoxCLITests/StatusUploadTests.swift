#if os(Linux)
import GPSBoxCore
import Testing
@testable import GPSBoxCLI

/// `gpsbox status` shows the fleet upload from the upload's own status file: connection,
/// backlog in samples and age, last acknowledged sample, bytes today, the ring's losses.
@Suite struct StatusUploadTests {
    static let upload = """
        {"box":"van-7","pid":1,"connected":true,"last_acknowledged":"2026-12-05T10:00:00Z","samples_in_flight":2,\
        "backlog_samples":120,"backlog_oldest":"2026-12-05T09:58:00Z","bytes_today":20480,"resends":0,\
        "segments_lost":2,"samples_lost":300}
        """

    @Test func theUploadLinesSayBacklogAgeAndLosses() throws {
        let status = try JSONValue(parsing: Self.upload)
        let now = try #require(UTCTime(rfc3339: "2026-12-05T10:00:05Z"))
        let text = StatusCommand.lines(StatusCommand.renderUpload(status, running: true, now: now))
        #expect(text == """
            upload      connected as box van-7
            backlog     120 sample(s), the oldest from 2026-12-05T09:58:00Z (0:02:05 old)
            uploaded    acknowledged through the sample of 2026-12-05T10:00:00Z
            sent today  20 KiB
            upload lost 300 sample(s) in 2 segment(s) the ring deleted before they were sent

            """)
        let stale = StatusCommand.lines(StatusCommand.renderUpload(status, running: false, now: now))
        #expect(stale.hasPrefix("upload      not running (box van-7; this status is stale)\n"))
    }

    @Test func theJSONGetsTheUploadAsAMember() throws {
        let daemon = "{\"state\":\"logging\",\"pid\":4}\n"
        let upload = (text: Self.upload + "\n", status: try JSONValue(parsing: Self.upload), running: true)
        let merged = StatusCommand.merged(daemon, upload: upload)
        let value = try JSONValue(parsing: merged)
        #expect(value["state"]?.string == "logging")
        #expect(value["upload"]?["backlog_samples"]?.number == 120)
        #expect(value["upload"]?["samples_lost"]?.number == 300)
        #expect(value["upload"]?["running"]?.bool == true)
        #expect(StatusCommand.merged(daemon, upload: nil) == daemon, "no upload: the daemon's file as it is")
    }

    @Test func aMissingOrBrokenUploadFileShowsNothing() {
        #expect(StatusCommand.uploadStatus("/nonexistent/status.json") == nil)
        #expect(StatusCommand.uploadStatus("/proc/self/cmdline") == nil)
    }

    @Test func agesOverADayNameTheDays() {
        #expect(StatusCommand.age(3 * 86_400 + 3661) == "3 d 1:01:01")
        #expect(StatusCommand.age(-1) == "?")
    }
}
#endif
