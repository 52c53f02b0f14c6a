import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

/// The simulated module as the factory drives need it: factory settings, the line budget as a counted
/// number, port identity (CFG-PRT poll, MON-COMMS), USB versus UART, and resets.
@Suite struct SimulationPortTests {
    static func receiver(_ model: SimulatedReceiver.Model, factory: Bool = true, port: SimulatedPort = .uart1,
                         baud: Int = 9600, rate: Double = 1, faults: FaultSchedule = FaultSchedule([])) -> SimulatedReceiver {
        var o = SimulationReceiverTests.options(model, .both, rate: rate)
        o.factory = factory
        o.port = port
        o.baud = baud
        o.faults = faults
        return SimulatedReceiver(o)
    }

    static let frame = SimulationConfigurationTests.frame

    @Test(arguments: [SimulatedReceiver.Model.m8, .m10])
    func aFactoryModuleSendsItsNMEASetAndNoUBX(_ model: SimulatedReceiver.Model) {
        var r = Self.receiver(model)
        var bytes: [UInt8] = []
        for _ in 0..<5 { bytes += r.nextEpoch().bytes }
        let scan = SimulationStreamScanner(bytes)
        #expect(scan.frames.allSatisfy { if case .nmea = $0.kind { true } else { false } })
        #expect(scan.nmea(model == .m10 ? "GNRMC" : "GPRMC").count == 5)
        // Both protocols are on: a UBX poll is answered.
        let answer = r.receive(Self.frame(0x0A, 0x04, [])).bytes
        #expect(!SimulationStreamScanner(answer).ubx(0x0A, 0x04).isEmpty)
    }

    /// Offers `seconds` of epochs to a transmit buffer at `baud`; returns the epochs dropped.
    static func dropped(_ r: inout SimulatedReceiver, baud: Int, seconds: Int) -> Int {
        var line = SimulatedTransmitBuffer(baud: baud)
        for _ in 0..<(seconds * Int(1 / r.configuration.epochPeriod)) {
            let out = r.nextEpoch()
            _ = line.offer(out.bytes.count, at: r.time, droppable: true)
        }
        return line.epochsDropped
    }

    @Test func theFullOutputOverflows9600BaudAndTheDropsAreCounted() {
        // NMEA plus NAV-PVT/SAT/DOP every epoch: more than 960 B/s.
        var full = Self.receiver(.m8, factory: false)
        let lost = Self.dropped(&full, baud: 9600, seconds: 120)
        #expect(lost > 0 && lost < 120)
        var fits = Self.receiver(.m8, factory: false)
        #expect(Self.dropped(&fits, baud: 115_200, seconds: 120) == 0)
        var factory = Self.receiver(.m8)
        #expect(Self.dropped(&factory, baud: 9600, seconds: 120) == 0)
    }

    @Test func usbCarriesAnyOutput() {
        var line = SimulatedTransmitBuffer(baud: nil)
        for i in 0..<100 {
            let sent = line.offer(100_000, at: Double(i) / 25, droppable: true)
            #expect(sent)
        }
        #expect(line.epochsDropped == 0)
    }

    @Test func answersToCommandsAreNeverDropped() {
        var line = SimulatedTransmitBuffer(baud: 9600)
        let epoch = line.offer(5000, at: 0, droppable: true)
        let answer = line.offer(5000, at: 0, droppable: false)
        #expect(!epoch && answer)
        line.lineChanged(baud: 115_200, at: 0.5)
        let later = line.offer(5000, at: 1.0, droppable: true)  // the faster line drained it
        #expect(later)
    }

    @Test(arguments: [(SimulatedPort.uart1, UInt8(1), 9600), (.usb, 3, 0)])
    func anEmptyCFGPRTPollAnswersForThePortItCameIn(_ port: SimulatedPort, _ id: UInt8, _ baud: Int) throws {
        var r = Self.receiver(.m8, port: port)
        let out = r.receive(Self.frame(0x06, 0x00, []))
        let prt = try #require(SimulationStreamScanner(out.bytes).ubx(0x06, 0x00).first)
        #expect(prt.payload.count == 20 && prt.payload[0] == id)
        #expect(Int(prt.payload.le(8, as: UInt32.self)) == baud)
        #expect(SimulationConfigurationTests.acks(out.bytes) == ["ACK 6 0"])
    }

    @Test func aCFGPRTForAnotherPortChangesNothingHere() {
        var r = Self.receiver(.m8, port: .usb)
        let uart = CfgPRT.uart1(baudRate: 115_200, output: [.ubx]).frame
        #expect(SimulationConfigurationTests.acks(r.receive(uart).bytes) == ["ACK 6 0"])
        #expect(r.configuration.nmeaOutput && r.baud == 9600)
        _ = r.receive(CfgMSG(.navPVT, rate: 1).frame)  // the 3-byte form: the port it arrived on
        #expect(r.configuration.rate(.navPVT) == 1)
    }

    @Test func theM10CountsTheBytesItsUARTReceivedInMonCOMMS() throws {
        var r = Self.receiver(.m10)
        let poll = Self.frame(0x0A, 0x36, [])
        func uart1Received(_ out: SimulatedReceiver.Output) throws -> UInt32 {
            let comms = try #require(SimulationStreamScanner(out.bytes).ubx(0x0A, 0x36).first)
            #expect(comms.payload.count == 8 + 2 * 40)
            #expect(comms.payload.le(8 + 40, as: UInt16.self) == 0x0100)
            #expect(comms.payload.le(8 + 12, as: UInt32.self) == 0)   // I2C got nothing
            return comms.payload.le(8 + 40 + 12, as: UInt32.self)
        }
        let first = try uart1Received(r.receive(poll))
        let second = try uart1Received(r.receive(poll))
        #expect(first == UInt32(poll.count) && second - first == UInt32(poll.count))
        var m8 = Self.receiver(.m8)
        let unanswered = m8.receive(poll).bytes   // no MON-COMMS before generation 9
        #expect(unanswered.isEmpty)
    }

    @Test func aFactoryResetForgetsTheSavedConfiguration() {
        var r = Self.receiver(.m8, factory: false, baud: 115_200, faults: FaultSchedule([.factoryReset], interval: 5))
        #expect(r.configuration.rate(.navPVT) == 1)
        var switched: Int?
        for _ in 0..<8 {
            let out = r.nextEpoch()
            if let b = out.baudBefore { switched = b }
        }
        #expect(switched == 9600)
        #expect(r.configuration.rate(.navPVT) == 0 && r.configuration.nmeaOutput)
    }
}
