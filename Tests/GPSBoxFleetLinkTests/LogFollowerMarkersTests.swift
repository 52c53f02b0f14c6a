// The follower hands out the log's trip markers with the samples around them, each exactly once,
// and the ones after a closed segment's last sample with that segment's last batch.
import GPSBoxCore
import GPSBoxFleet
import GPSBoxSystem
import Testing
@testable import GPSBoxFleetLink

@Suite struct LogFollowerMarkersTests {
    @Test func markersTravelOnceWithTheirSamples() throws {
        let scratch = ScratchFolder()
        defer { withExtendedLifetime(scratch) {} }
        let writer = try SegmentWriter(directory: POSIXLogDirectory(path: scratch.path),
                                       configuration: .init(segmentSizeLimitBytes: 8 * 1024), now: 0, runID: 0x78)
        var written: [TripMarker] = []
        for i in 0..<600 {
            if i % 50 == 10 {
                let m = TripMarker(tripID: UInt32(i), time: LogFollowerTests.sample(i).time, reason: .recordingToggled)
                writer.append(i % 100 == 10 ? .tripStop(m) : .tripStart(m), now: MonotonicInstant(milliseconds: Int64(i)))
                written.append(m)
            }
            writer.append(.sample(LogFollowerTests.sample(i)), now: MonotonicInstant(milliseconds: Int64(i)))
        }
        try writer.sync(now: MonotonicInstant(milliseconds: 600))
        let follower = LogFollower(directory: scratch.path, bufferLimit: 50)
        follower.refresh()
        let (batches, _) = LogFollowerTests.drain(follower, after: nil)
        #expect(batches.flatMap(\.samples).count == 600)
        #expect(batches.flatMap(\.markers).map(\.marker) == written)
        for b in batches {
            #expect(b.markers.allSatisfy { $0.offset >= b.first.offset && $0.offset <= b.last.offset })
        }
    }
}
