// `gpsbox decode` lends its read buffer to the assembler: the open epoch's sentences are kept
// by their place in it and copied when the read ends (NMEAEpochBuffer). The fixes must be the
// ones of the copying path whatever the reads' sizes, including the epoch whose NAV-PVT was
// lost and is made from NMEA kept across reads.

import Testing
@testable import GPSBoxCore

@Suite struct NMEAEpochBufferTests {
    /// Seconds 40…44 of 2026-11-30 at 09:00, UBX before NMEA, second 42's NAV-PVT lost.
    private static let stream: [UInt8] = (40...44).flatMap { s -> [UInt8] in
        let t = "0900\(s).00"
        let bodies = ["GNGGA,\(t),4723.86200,N,00832.40000,E,1,09,0.95,450.5,M,47.6,M,,",
                      "GNRMC,\(t),A,4723.86200,N,00832.40000,E,1.944,77.52,301126,,,A",
                      "GNGSA,A,3,02,08,10,23,27,,,,,,,,1.80,0.95,1.40,1",
                      "GPGSV,1,1,02,02,13,017,26,08,16,034,27,1"]
        let nmea: [UInt8] = bodies.flatMap { body -> [UInt8] in Array(sentence(body)) + [13, 10] }
        guard s != 42, case .navPVT(let m) = UBXSample.pvt(iTOW: UInt32(s) * 1000, second: UInt8(s)) else { return nmea }
        return UBXFrameBuilder.frame(class: 0x01, id: 0x07, payload: m.payload) + nmea
    }

    /// As decode reads: one buffer, refilled for every read, lent while its frames are handled.
    private static func fixesThroughALentBuffer(readSize: Int) -> [Fix] {
        var splitter = FrameSplitter()
        var assembler = EpochAssembler()
        var out: [Fix] = []
        var buffer = [UInt8](repeating: 0, count: readSize)
        var offset = 0
        while offset < stream.count {
            let n = min(readSize, stream.count - offset)
            for k in 0..<n { buffer[k] = stream[offset + k] }
            assembler.lendInput(buffer[0..<n])
            splitter.feedSpans(buffer[0..<n]) { span, _, bytes in
                if case .nmea(let r) = span {
                    assembler.consumeNMEA(r, in: bytes) { out.append($0) }
                } else {
                    assembler.consume(bytes.frame(span)) { out.append($0) }
                }
            }
            assembler.endInputLoan()
            offset += n
        }
        for k in buffer.indices { buffer[k] = 0x2C } // the buffer's next use
        splitter.finish { assembler.consume($0) { out.append($0) } }
        assembler.flush { out.append($0) }
        return out
    }

    @Test(arguments: [1, 7, 64, 301, 1 << 16])
    func aLentBufferGivesTheFixesOfCopiedSentences(readSize: Int) {
        var splitter = FrameSplitter()
        var assembler = EpochAssembler()
        var copied: [Fix] = []
        splitter.feed(Self.stream) { assembler.consume($0) { copied.append($0) } }
        splitter.finish { assembler.consume($0) { copied.append($0) } }
        assembler.flush { copied.append($0) }
        #expect(copied.map { $0.provenance.position } == [.navPVT, .navPVT, .gga, .navPVT, .navPVT])
        #expect(copied[2].satellitesUsed == 5 && copied[2].speed != nil, "GSA and RMC of the lost epoch are read")

        let lent = Self.fixesThroughALentBuffer(readSize: readSize)
        #expect(lent == copied)
    }
}
