import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

@Suite struct SimulationConfigurationTests {
    static func receiver(_ model: SimulatedReceiver.Model) -> SimulatedReceiver {
        SimulatedReceiver(SimulationReceiverTests.options(model, .both, coldStart: 0))
    }

    static func frame(_ c: UInt8, _ id: UInt8, _ payload: [UInt8] = []) -> [UInt8] {
        UBXFrameBuilder.frame(class: c, id: id, payload: payload)
    }

    static func valset(_ pairs: [(UInt32, [UInt8])], layers: UInt8 = 1) -> [UInt8] {
        var p: [UInt8] = [0, layers, 0, 0]
        for (key, value) in pairs {
            p.appendLE(key)
            p += value
        }
        return frame(0x06, 0x8A, p)
    }

    static func acks(_ bytes: [UInt8]) -> [String] {
        SimulationStreamScanner(bytes).frames.compactMap {
            guard case let .ubx(0x05, id) = $0.kind else { return nil }
            return (id == 1 ? "ACK " : "NAK ") + String($0.payload[0], radix: 16) + " " + String($0.payload[1], radix: 16)
        }
    }

    static func extensions(_ monVER: ScannedFrame) -> [String] {
        stride(from: 40, to: monVER.payload.count, by: 30).map {
            String(decoding: monVER.payload[$0..<($0 + 30)].prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    @Test(arguments: [(SimulatedReceiver.Model.m8, "PROTVER=18.00"), (.m10, "PROTVER=34.10")])
    func monVERPollIsAnswered(_ model: SimulatedReceiver.Model, _ protver: String) throws {
        var r = Self.receiver(model)
        let out = r.receive(Self.frame(0x0A, 0x04))
        let ver = try #require(SimulationStreamScanner(out.bytes).ubx(0x0A, 0x04).first)
        #expect(Self.extensions(ver).contains(protver))
        #expect(ver.payload.count % 30 == 10)
    }

    @Test func nmeaModuleIgnoresUBX() {
        var r = Self.receiver(.nmea)
        #expect(r.receive(Self.frame(0x0A, 0x04)).bytes.isEmpty)
        #expect(r.receive(Self.frame(0x06, 0x08, [100, 0, 1, 0, 1, 0])).bytes.isEmpty)
        #expect(r.configuration.epochPeriod == 1)
    }

    @Test func m8RateChangeIsAcknowledgedAndApplied() {
        var r = Self.receiver(.m8)
        _ = r.nextEpoch()
        let out = r.receive(Self.frame(0x06, 0x08, [200, 0, 1, 0, 1, 0]))
        #expect(Self.acks(out.bytes) == ["ACK 6 8"])
        #expect(r.configuration.epochPeriod == 0.2)
        _ = r.nextEpoch()  // the one already scheduled a second on
        let a = r.nextEpoch().epoch!.iTOW, b = r.nextEpoch().epoch!.iTOW
        #expect(b - a == 200)
    }

    /// Each generation NAKs the other's configuration messages, like the real modules.
    @Test(arguments: [
        (SimulatedReceiver.Model.m8, SimulationConfigurationTests.valset([(0x3021_0001, [100, 0])]), "NAK 6 8a"),
        (.m10, SimulationConfigurationTests.frame(0x06, 0x08, [100, 0, 1, 0, 1, 0]), "NAK 6 8"),
        (.m10, SimulationConfigurationTests.frame(0x06, 0x00, [UInt8](repeating: 0, count: 20)), "NAK 6 0"),
        (.m8, SimulationConfigurationTests.frame(0x06, 0x8B, [0, 0, 0, 0, 1, 0, 0x21, 0x30]), "NAK 6 8b"),
        (.m8, SimulationConfigurationTests.frame(0x06, 0x08, [10, 0, 1, 0, 1, 0]), "NAK 6 8"),  // 100 Hz
        (.m8, SimulationConfigurationTests.frame(0x06, 0x24, [1, 0, 1] + [UInt8](repeating: 0, count: 33)), "NAK 6 24"),
        (.m10, SimulationConfigurationTests.valset([(0x3021_0001, [100, 0]), (0x2091_FFFF, [1])]), "NAK 6 8a"),
    ])
    func rejectedConfiguration(_ model: SimulatedReceiver.Model, _ command: [UInt8], _ expected: String) {
        var r = Self.receiver(model)
        let before = r.configuration
        #expect(Self.acks(r.receive(command).bytes) == [expected])
        #expect(r.configuration == before)
    }

    @Test func m10ValueSetAndGet() throws {
        var r = Self.receiver(.m10)
        let set = Self.valset([(0x3021_0001, [100, 0]), (0x2091_0016, [0]), (0x1074_0002, [0]), (0x2011_0021, [4])])
        #expect(Self.acks(r.receive(set).bytes) == ["ACK 6 8a"])
        #expect(r.configuration.measurementPeriodMs == 100)
        #expect(!r.configuration.nmeaOutput)
        #expect(r.configuration.dynamicModel == 4)
        let s = SimulationStreamScanner(r.nextEpoch().bytes)
        #expect(s.ubx(0x01, 0x35).isEmpty && s.nmea("GNGGA").isEmpty && s.ubx(0x01, 0x07).count == 1)
        var poll: [UInt8] = [0, 0, 0, 0]
        poll.appendLE(UInt32(0x3021_0001))
        poll.appendLE(UInt32(0x4052_0001))
        let reply = SimulationStreamScanner(r.receive(Self.frame(0x06, 0x8B, poll)).bytes)
        let get = try #require(reply.ubx(0x06, 0x8B).first)
        #expect(get.payload == [1, 0, 0, 0, 0x01, 0x00, 0x21, 0x30, 100, 0, 0x01, 0x00, 0x52, 0x40, 0x00, 0xC2, 0x01, 0])
        #expect(reply.ubx(0x05, 0x01).count == 1)
    }

    /// A baud change is ACKed at the old rate; the line switches after the ACK.
    @Test func m8PortBaudSwitchFollowsTheACK() {
        var r = Self.receiver(.m8)
        var prt = [UInt8](repeating: 0, count: 20)
        prt[0] = 1
        prt.replaceSubrange(8..<12, with: [0x00, 0x84, 0x03, 0x00])  // 230400
        prt[14] = 1  // UBX out only
        let out = r.receive(Self.frame(0x06, 0x00, prt))
        #expect(Self.acks(out.bytes) == ["ACK 6 0"])
        #expect(out.baudAfter == 230_400)
        #expect(!r.configuration.nmeaOutput)
        #expect(SimulationStreamScanner(r.nextEpoch().bytes).nmea("GPRMC").isEmpty)
    }

    @Test func m8MessageRateOff() {
        var r = Self.receiver(.m8)
        #expect(Self.acks(r.receive(Self.frame(0x06, 0x01, [0x01, 0x35, 0])).bytes) == ["ACK 6 1"])
        #expect(Self.acks(r.receive(Self.frame(0x06, 0x01, [0xF0, 0x03, 0, 0, 0, 0, 0, 0])).bytes) == ["ACK 6 1"])
        let s = SimulationStreamScanner(r.nextEpoch().bytes)
        #expect(s.ubx(0x01, 0x35).isEmpty && s.nmea("GPGSV").isEmpty)
        #expect(s.ubx(0x01, 0x07).count == 1 && s.nmea("GPGGA").count == 1)
    }

    /// CFG-MSGOUT-NMEA_ID_GSV_UART1 (0x209100C5) turns GSV off on UART1 alone: the other
    /// sentences stay, the I2C key (0x209100C4) is accepted without touching UART1, and
    /// CFG-VALGET reads the rate back.
    @Test func m10GSVKeyTurnsOffOnlyGSV() throws {
        var r = SimulatedReceiver(SimulationReceiverTests.options(.m10, .nmea, coldStart: 0))
        #expect(Self.acks(r.receive(Self.valset([(0x2091_00C5, [0]), (0x2091_00C4, [1])])).bytes) == ["ACK 6 8a"])
        #expect(r.configuration.rate(.gsv) == 0 && r.configuration.rate(.gga) == 1)
        let s = SimulationStreamScanner(r.nextEpoch().bytes)
        #expect(s.nmea("GPGSV").isEmpty && s.nmea("GAGSV").isEmpty && s.nmea("GLGSV").isEmpty)
        #expect(s.nmea("GNGGA").count == 1 && s.nmea("GNRMC").count == 1 && !s.nmea("GNGSA").isEmpty)
        var poll: [UInt8] = [0, 0, 0, 0]
        poll.appendLE(UInt32(0x2091_00C5))
        let get = try #require(SimulationStreamScanner(r.receive(Self.frame(0x06, 0x8B, poll)).bytes).ubx(0x06, 0x8B).first)
        #expect(get.payload == [1, 0, 0, 0, 0xC5, 0x00, 0x91, 0x20, 0])
        #expect(Self.acks(r.receive(Self.valset([(0x2091_00C5, [1])])).bytes) == ["ACK 6 8a"])
        #expect(SimulationStreamScanner(r.nextEpoch().bytes).nmea("GAGSV").count >= 1)
    }

    /// CFG-RST restarts into the saved configuration: RAM changes are lost unless CFG-CFG
    /// saved them first; the module comes back cold and prints its banner.
    @Test(arguments: [false, true])
    func resetLoadsSavedConfiguration(_ save: Bool) {
        var r = SimulatedReceiver(SimulationReceiverTests.options(.m8, .both, coldStart: 5))
        r.run(for: 10) { _ in }
        _ = r.receive(Self.frame(0x06, 0x08, [0xF4, 0x01, 1, 0, 1, 0]))  // 500 ms
        if save {
            #expect(Self.acks(r.receive(Self.frame(0x06, 0x09, [0, 0, 0, 0, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0])).bytes)
                    == ["ACK 6 9"])
        }
        #expect(r.receive(Self.frame(0x06, 0x04, [0xFF, 0xFF, 0x02, 0])).bytes.isEmpty)  // no ACK for a reset
        #expect(r.configuration.measurementPeriodMs == (save ? 500 : 1000))
        let out = r.nextEpoch()
        #expect(out.epoch?.hasFix == false)
        #expect(SimulationStreamScanner(out.bytes).nmea("GPTXT").count == 3)
    }

    @Test func commandsSurviveChunkingAndNoise() throws {
        var r = Self.receiver(.m10)
        var input: [UInt8] = Array("$GPGGA,garbage*00\r\n".utf8) + [0xB5, 0x00, 0xB5, 0xB5]
        input += Self.frame(0x0A, 0x04)
        var bad = Self.frame(0x0A, 0x04)
        bad[bad.count - 1] ^= 1
        input += bad
        var replies: [UInt8] = []
        for b in input { replies += r.receive([b]).bytes }
        #expect(SimulationStreamScanner(replies).ubx(0x0A, 0x04).count == 1)
        #expect(r.commandCounters.checksumFailures == 2)  // the bad UBX frame and the NMEA line
    }
}
