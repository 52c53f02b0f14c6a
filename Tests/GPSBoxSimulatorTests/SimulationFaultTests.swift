import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

@Suite struct SimulationFaultTests {
    static func run(_ faults: [SimulatedFault], seconds: Double = 100, interval: Double = 20)
        -> (SimulatedReceiver, [SimulatedReceiver.Output]) {
        var o = SimulationReceiverTests.options(.m8, .both, coldStart: 5)
        o.faults = FaultSchedule(faults, interval: interval)
        var r = SimulatedReceiver(o)
        var outs: [SimulatedReceiver.Output] = []
        r.run(for: seconds) { outs.append($0) }
        return (r, outs)
    }

    @Test func scheduleSpreadsKindsOverTheInterval() {
        var s = FaultSchedule([.garbage, .dropout], interval: 10)
        #expect(s.due(at: 9.9).isEmpty)
        #expect(s.due(at: 10) == [.garbage])
        #expect(s.due(at: 15) == [.dropout])
        #expect(s.due(at: 20) == [.garbage])
        #expect(s.due(at: 45) == [.garbage, .dropout])  // missed firings do not pile up
    }

    @Test func badChecksumDamagesOneMessagePerFiring() {
        let (_, outs) = Self.run([.badchecksum])
        let s = SimulationStreamScanner(outs.flatMap(\.bytes))
        #expect(s.badChecksums == 4)  // at t = 20, 40, 60, 80
        #expect(s.unframedBytes == 0)
    }

    @Test func garbageIsUnframedBytesBetweenMessages() {
        let (_, outs) = Self.run([.garbage])
        let fired = outs.filter { !$0.faults.isEmpty }
        #expect(fired.count == 4)
        let s = SimulationStreamScanner(outs.flatMap(\.bytes))
        #expect(s.unframedBytes >= 4 * 16)
        #expect(s.ubx(0x01, 0x07).count >= 96)  // a random 0xB5 0x62 may swallow a frame or two
    }

    @Test func dropoutIsSilence() {
        let (_, outs) = Self.run([.dropout])
        let silent = outs.filter { $0.bytes.isEmpty }.compactMap { $0.epoch?.truth.time }
        #expect(silent.prefix(5) == [20, 21, 22, 23, 24])
        #expect(silent.count == 20)
    }

    @Test func disconnectUnplugsThenComesBackCold() {
        let (r, outs) = Self.run([.disconnect], seconds: 30)
        #expect(!r.isConnected(at: 21) && r.isConnected(at: 23))
        let after = outs.filter { ($0.epoch?.truth.time ?? 0) >= 23 }
        #expect(after.first?.epoch?.hasFix == false)
        #expect(after.last?.epoch?.hasFix == true)
    }

    @Test func baudChangesSilently() {
        let (r, outs) = Self.run([.baud], seconds: 25)
        let switched = outs.compactMap(\.baudBefore)
        #expect(switched.count == 1)
        #expect(switched.first == r.baud && r.baud != 115_200)
    }

    @Test func resetRestartsCold() {
        let (_, outs) = Self.run([.reset], seconds: 30)
        let fixes = outs.map { $0.epoch?.hasFix == true }
        #expect(fixes[19] && !fixes[20] && !fixes[24] && fixes[25])  // cold start 5 s
        #expect(SimulationStreamScanner(outs[20].bytes).nmea("GPTXT").count == 3)
    }
}
