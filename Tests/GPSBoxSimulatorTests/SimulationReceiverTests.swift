import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

@Suite struct SimulationReceiverTests {
    static func options(_ model: SimulatedReceiver.Model = .m8, _ proto: SimulatedReceiver.OutputProtocol = .both,
                        rate: Double = 1, seed: UInt64 = 7, coldStart: Double = 0, noise: Bool = true,
                        route: Route = .walk) -> SimulatedReceiver.Options {
        var o = SimulatedReceiver.Options(route: route)
        o.model = model
        o.outputProtocol = proto
        o.rateHz = rate
        o.seed = seed
        o.coldStart = coldStart
        o.noise = noise
        return o
    }

    static let variants: [(SimulatedReceiver.Model, SimulatedReceiver.OutputProtocol)] = [
        (.m8, .both), (.m8, .ubx), (.m8, .nmea), (.m10, .both), (.m10, .ubx), (.nmea, .nmea), (.nmea, .both),
    ]

    /// Every byte belongs to a frame with a valid checksum (Fletcher-8 for UBX, XOR for NMEA).
    @Test(arguments: variants)
    func everyFrameVerifies(_ model: SimulatedReceiver.Model, _ proto: SimulatedReceiver.OutputProtocol) {
        let bytes = SimulatedReceiver.stream(Self.options(model, proto, rate: 5, coldStart: 10), duration: 60)
        let s = SimulationStreamScanner(bytes)
        #expect(s.unframedBytes == 0)
        #expect(s.badChecksums == 0)
        let pvt = s.ubx(0x01, 0x07)
        let ubx = model != .nmea && proto != .nmea
        #expect(pvt.count == (ubx ? 300 : 0))
        #expect(pvt.allSatisfy { $0.payload.count == 92 })
        #expect(s.ubx(0x01, 0x61).count == (ubx && model == .m10 ? 300 : 0))
        let talker = model == .m10 ? "GN" : "GP"
        #expect(s.nmea(talker + "RMC").count == (proto == .ubx && model != .nmea ? 0 : 300))
    }

    @Test func sameSeedSameBytesOtherSeedOtherBytes() {
        let a = SimulatedReceiver.stream(Self.options(seed: 1), duration: 120)
        let b = SimulatedReceiver.stream(Self.options(seed: 1), duration: 120)
        let c = SimulatedReceiver.stream(Self.options(seed: 2), duration: 120)
        #expect(a == b)
        #expect(a != c)
    }

    @Test func coldStartHasNoFixThenAFix() {
        var r = SimulatedReceiver(Self.options(coldStart: 30))
        var firstFix: Double?
        r.run(for: 60) { out in
            if let e = out.epoch, e.hasFix, firstFix == nil { firstFix = e.truth.time }
        }
        #expect(firstFix == 30)
        // NMEA says so too: GGA quality 0 and RMC status V before the fix.
        let s = SimulationStreamScanner(SimulatedReceiver.stream(Self.options(coldStart: 30), duration: 31))
        let gga = s.nmea("GPGGA").map { $0.nmeaFields[6] }
        #expect(gga.prefix(30).allSatisfy { $0 == "0" } && gga.last == "1")
        #expect(s.nmea("GPRMC").first?.nmeaFields[2] == "V")
    }

    /// With noise off the reported position is the route's, to NAV-PVT's 1e-7° resolution.
    @Test func noiseOffReportsTheTruth() {
        var r = SimulatedReceiver(Self.options(noise: false, route: .bike))
        r.run(for: 120) { out in
            guard let e = out.epoch else { return }
            var b: [UInt8] = []
            SimulatedUBX.appendNavPVT(e, to: &b)
            let lat: Int32 = b.le(6 + 28), lon: Int32 = b.le(6 + 24)
            #expect(abs(Double(lat) / 1e7 - e.truth.latitude) <= 0.6e-7)
            #expect(abs(Double(lon) / 1e7 - e.truth.longitude) <= 0.6e-7)
        }
    }

    /// A parked module wanders within a few metres (Gauss-Markov noise), not off to infinity.
    @Test func parkedNoiseStaysNearby() {
        var r = SimulatedReceiver(Self.options(route: .parked))
        var worst = 0.0
        r.run(for: 3600) { out in
            guard let e = out.epoch else { return }
            let d = Route.distance(RoutePoint(latitude: e.latitude, longitude: e.longitude), Route.parked.points[0])
            worst = max(worst, d)
        }
        #expect(worst > 0.5 && worst < 15, "max error \(worst) m")
    }

    @Test func tenHertzEpochsAreHundredMillisecondsApart() {
        let s = SimulationStreamScanner(SimulatedReceiver.stream(Self.options(.m8, .ubx, rate: 10), duration: 2))
        let iTOWs: [UInt32] = s.ubx(0x01, 0x07).map { $0.payload.le(0) }
        #expect(iTOWs.count == 20)
        #expect(zip(iTOWs, iTOWs.dropFirst()).allSatisfy { $1 - $0 == 100 })
        // 2026-06-01T08:00:00Z is Monday 08:00:18 GPS time: 1 day + 8 h + 18 s into the week.
        let mondayEight: UInt32 = (86_400 + 8 * 3600 + 18) * 1000
        #expect(iTOWs.first == mondayEight)
    }

    @Test func m10ListsEachConstellationUnderItsTalker() {
        let s = SimulationStreamScanner(SimulatedReceiver.stream(Self.options(.m10, .nmea), duration: 5))
        for t in ["GPGSV", "GAGSV", "GLGSV"] { #expect(!s.nmea(t).isEmpty, "\(t)") }
        let systems = Set(s.nmea("GNGSA").map { $0.nmeaFields.last! })
        #expect(systems == ["1", "2", "3"])
    }

    @Test func nmeaFieldFormats() {
        #expect(SimulatedNMEA.latitude(47.285_233_2) == "4717.11399")
        #expect(SimulatedNMEA.longitude(-8.565_265) == "00833.91590")
        #expect(SimulatedNMEA.latitude(12.999_999_999_9) == "1300.00000")
        #expect(SimulatedNMEA.decimal(-0.004, 2) == "0.00")
        #expect(SimulatedNMEA.decimal(2.745, 3) == "2.745")
        var out: [UInt8] = []
        SimulatedNMEA.append("GPGLL", ["4717.11364", "N", "00833.91565", "E", "092321.00", "A", "A"], to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "$GPGLL,4717.11364,N,00833.91565,E,092321.00,A,A*60\r\n")
    }
}
