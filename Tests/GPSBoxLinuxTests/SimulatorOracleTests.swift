import Glibc
import Testing
import GPSBoxSystem
@testable import GPSBoxCore
@testable import GPSBoxLinux
@testable import GPSBoxSimulator

/// Independent decoders (pyubx2 for UBX, pynmeagps for NMEA) must read the simulator's
/// output without a single error: lengths, checksums and every field's syntax.
@Suite struct SimulatorOracleTests {
    static let oracle = #"""
        import sys
        from collections import Counter
        from pyubx2 import UBXReader, UBX_PROTOCOL, NMEA_PROTOCOL, VALCKSUM
        from pynmeagps import NMEAReader
        path = sys.argv[1]
        counts = Counter()
        sentences = []
        with open(path, 'rb') as f:
            for raw, msg in UBXReader(f, protfilter=UBX_PROTOCOL | NMEA_PROTOCOL, quitonerror=2, validate=VALCKSUM):
                counts[msg.identity] += 1
                if raw[:1] == b'$': sentences.append(raw)
        # pynmeagps on its own, strict about checksums, re-parses every NMEA sentence found.
        for s in sentences: NMEAReader.parse(s, validate=1)
        nmea = len(sentences)
        print(' '.join(f'{k}={v}' for k, v in sorted(counts.items())), f'nmea={nmea}')
        """#

    @Test(arguments: [(SimulatedReceiver.Model.m8, SimulatedReceiver.OutputProtocol.both),
                      (.m10, .both), (.nmea, .nmea)])
    func independentDecodersAcceptTheStream(_ model: SimulatedReceiver.Model,
                                            _ proto: SimulatedReceiver.OutputProtocol) throws {
        let dir = SimulatorProcess.scratchDirectory()
        defer { SimulatorProcess.removeTree(dir) }
        var o = SimulatedReceiver.Options(route: .bike)
        o.model = model
        o.outputProtocol = proto
        o.rateHz = 2
        o.coldStart = 10
        var r = SimulatedReceiver(o)
        let file = try OutputFile(creating: dir + "/stream.bin")
        let report = SimulatorFileWriter.write(&r, duration: 60, to: file)
        #expect(report.epochs == 120)
        let status = SimulatorProcess.run([SimulatorProcess.python, "-c", Self.oracle, dir + "/stream.bin"],
                                          stdoutPath: dir + "/counts")
        let counts = String(decoding: SimulatorProcess.read(dir + "/counts"), as: UTF8.self)
        #expect(status == 0, "oracle failed: \(counts)")
        let talker = model == .m10 ? "GN" : "GP"
        #expect(counts.contains("\(talker)RMC=120"), "\(counts)")
        #expect(counts.contains("\(talker)GGA=120"), "\(counts)")
        if model != .nmea {
            #expect(counts.contains("NAV-PVT=120") && counts.contains("NAV-SAT=120") && counts.contains("NAV-DOP=120"))
        }
        #expect(counts.contains("NAV-EOE=120") == (model == .m10))
    }
}
