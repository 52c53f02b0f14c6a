import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

@Suite struct SimulationPacingTests {
    @Test(arguments: [(9600, 1.0, 960.0, 960.0), (115_200, 1, 11_520, 11_520), (115_200, 20, 11_520, 230_400),
                      (38400, 0.5, 3840, 1920)])
    func bytesPerSecond(_ baud: Int, _ speedup: Double, _ perSimulated: Double, _ perWall: Double) {
        let p = LinePacing(baud: baud, speedup: speedup)
        #expect(p.bytesPerSimulatedSecond == perSimulated)
        #expect(p.bytesPerWallSecond == perWall)
    }

    /// A 10 Hz drive at ×20: 200 epochs a wall second, and the line, scaled too, carries each.
    @Test func speedupScalesClockAndLineTogether() {
        let p = LinePacing(baud: 115_200, speedup: 20)
        #expect(p.wallSeconds(simulated: 3600) == 180)
        #expect(p.simulatedSeconds(wall: 0.5) == 10)
        #expect(p.bytes(inWallSeconds: 0.01) == 2304)
        #expect(abs(p.wallSeconds(bytes: 1152) - 0.005) < 1e-12)
        #expect(p.fits(bytesPerEpoch: 1100, epochPeriod: 0.1))
        #expect(!p.fits(bytesPerEpoch: 1200, epochPeriod: 0.1))
        #expect(!LinePacing(baud: 9600, speedup: 20).fits(bytesPerEpoch: 1100, epochPeriod: 0.1))
    }

    @Test func sameBaudPassesBytesThrough() {
        let bytes: [UInt8] = Array(0...255)
        #expect(UARTResampler.resample(bytes, senderBaud: 9600, receiverBaud: 9600) == bytes)
    }

    /// A reader at the wrong rate sees garbage: no frame of a UBX+NMEA stream survives.
    @Test(arguments: [(9600, 115_200), (115_200, 9600), (38400, 57600), (115_200, 230_400)])
    func wrongBaudIsGarbage(_ sender: Int, _ receiver: Int) {
        let stream = SimulatedReceiver.stream(SimulationReceiverTests.options(coldStart: 0), duration: 3)
        let seen = UARTResampler.resample(stream, senderBaud: sender, receiverBaud: receiver)
        let s = SimulationStreamScanner(seen)
        #expect(s.frames.filter(\.checksumOK).isEmpty)
        #expect(!seen.isEmpty)
    }

    /// Sampling is exact enough that a slightly fast receiver (2 %) still reads every byte,
    /// as on a real UART.
    @Test func smallClockErrorIsTolerated() {
        let bytes: [UInt8] = Array("$GPTXT,01,01,02,u-blox AG - www.u-blox.com*50\r\n".utf8)
        #expect(UARTResampler.resample(bytes, senderBaud: 9600, receiverBaud: 9792) == bytes)
    }
}
