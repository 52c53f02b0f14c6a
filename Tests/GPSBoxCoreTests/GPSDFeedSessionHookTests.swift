import Testing
@testable import GPSBoxCore

/// TrackerSession's hook for the live feed: absent by default, and when set it sees every
/// frame after the epoch assembler, so the fix a frame closes is emitted before the frame.
@Suite struct GPSDFeedSessionHookTests {
    enum Seen: Equatable { case frame(UBXMessageID?), fix(UTCTime?) }

    @Test func withoutAFeed_thereIsNoObserver() {
        #expect(TrackerSession().frameObserver == nil)
    }

    @Test func theFixAFrameClosesComesBeforeTheFrame() {
        let session = TrackerSession()
        var seen: [Seen] = []
        session.frameObserver = { frame in
            if case .ubx(let id, _) = frame { seen.append(.frame(id)) } else { seen.append(.frame(nil)) }
        }
        let bytes = GPSDFeedChronyTests.frame(UBXSample.pvt(iTOW: 1000, second: 25))
            + GPSDFeedChronyTests.frame(UBXSample.pvt(iTOW: 2000, second: 26))
            + GPSDFeedChronyTests.frame(UBXSample.eoe(2000))
        session.receive(bytes[...], now: 0) { if case .fix(let f) = $0 { seen.append(.fix(f.time)) } }
        let t25 = UTCTime(year: 2026, month: 11, day: 30, hour: 9, minute: 0, second: 25)
        let t26 = UTCTime(year: 2026, month: 11, day: 30, hour: 9, minute: 0, second: 26)
        #expect(seen == [.frame(.navPVT), .fix(t25), .frame(.navPVT), .fix(t26), .frame(.navEOE)])
    }
}
