import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

/// The simulator's output read back by gpsbox's own decoders (FrameSplitter, NMEASentence,
/// NavPVT): nothing discarded, every sentence decodes, and the NMEA and UBX views of each
/// epoch agree.
@Suite struct SimulationDecodeTests {
    @Test(arguments: [SimulatedReceiver.Model.m8, .m10])
    func ownDecodersAgreeWithEachOther(_ model: SimulatedReceiver.Model) throws {
        let bytes = SimulatedReceiver.stream(SimulationReceiverTests.options(model, .both, rate: 2, coldStart: 5,
                                                                             route: .freeway), duration: 60)
        var splitter = FrameSplitter()
        var pvts: [NavPVT] = []
        var ggas: [GGA] = []
        var errors: [NMEAError] = []
        var discarded = 0
        splitter.feed(bytes) { frame in
            switch frame {
            case let .ubx(id, payload) where id == .navPVT:
                if let p = try? NavPVT(payload) { pvts.append(p) }
            case let .nmea(sentence):
                do throws(NMEAError) {
                    if case let .gga(g) = try NMEASentence(sentence: sentence) { ggas.append(g) }
                } catch { errors.append(error) }
            case let .discarded(n, _): discarded += n
            default: break
            }
        }
        splitter.finish { _ in }
        #expect(discarded == 0)
        #expect(errors.isEmpty, "\(errors.prefix(3))")
        #expect(pvts.count == 120 && ggas.count == 120)
        for (p, g) in zip(pvts, ggas) {
            #expect(g.hasFix == (p.fixType == 3))
            guard g.hasFix, let lat = g.latitude, let lon = g.longitude else { continue }
            // ddmm.mmmmm carries 1e-5 minute (1.7e-7°); NAV-PVT 1e-7°.
            #expect(abs(lat.rawValue - Int64(p.lat) * 100) <= 200)
            #expect(abs(lon.rawValue - Int64(p.lon) * 100) <= 200)
            #expect(g.numSV == Int(p.numSV) || (g.numSV == 99 && p.numSV > 99))
        }
    }

    /// NAV-STATUS (off by default, enabled by CFG-MSG) reports time to first fix; NAV-SAT's
    /// used flags agree with NAV-PVT's numSV.
    @Test func statusAndSatellitesAgreeWithPVT() throws {
        var r = SimulatedReceiver(SimulationReceiverTests.options(.m8, .ubx, rate: 1, coldStart: 12))
        _ = r.receive(UBXFrameBuilder.frame(class: 0x06, id: 0x01, payload: [0x01, 0x03, 1]))
        var splitter = FrameSplitter()
        var statuses: [NavSTATUS] = [], pvts: [NavPVT] = [], sats: [NavSAT] = []
        r.run(for: 30) { out in
            splitter.feed(out.bytes) { frame in
                guard case let .ubx(id, payload) = frame else { return }
                if id == .navSTATUS, let s = try? NavSTATUS(payload) { statuses.append(s) }
                if id == .navPVT, let p = try? NavPVT(payload) { pvts.append(p) }
                if id == .navSAT, let s = try? NavSAT(payload) { sats.append(s) }
            }
        }
        #expect(statuses.count == 30 && pvts.count == 30 && sats.count == 30)
        #expect(statuses[11].ttff == 0 && !statuses[11].gpsFixOk)
        #expect(statuses[12].ttff == 12_000 && statuses[12].gpsFixOk && statuses[29].ttff == 12_000)
        #expect(statuses[29].msss == 29_000)
        for (p, s) in zip(pvts, sats) { #expect(Int(p.numSV) == s.usedCount) }
    }
}
