// The DDC register protocol carries a real u-blox capture byte for byte (the corpus is read
// in place through FramingCorpus).
import Testing
@testable import GPSBoxCore

/// A deterministic pseudo-random source (64-bit LCG, Knuth's MMIX constants) for seeds.
struct LCG {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

@Suite(.enabled(if: FramingCorpus.directory != nil, "needs ../shared/corpus/gpsd"))
struct DDCCaptureReplayTests {
    /// A real u-blox capture (UBX with 0xFF bytes in payloads) reaches the host byte for byte
    /// through the DDC protocol, whatever the arrival pattern, chunk size and NAKs, even
    /// when a run of NAKs fails a whole poll.
    @Test(arguments: [("ublox-neo-m8l.log", 1 as UInt64), ("ublox-neo-m8l.log", 2), ("ublox-zed-f9r.log", 3)])
    func captureSurvivesTheRegisterProtocol(name: String, seed: UInt64) throws {
        let capture = try FramingCorpus.bytes(name)
        try #require(capture.count > 10_000)
        #expect(capture.contains(0xFF))
        var random = LCG(state: seed)
        let module = FakeDDCModule()
        var offset = 0
        module.beforeTransaction = { transaction in
            // The receiver produces in order: mostly a trickle, now and then an epoch's
            // burst, holding back while its (4 KB-ish) buffer is full; 1 in 10 NAKs.
            if module.buffer.count < 4096 {
                let n = min(random.next(10) == 0 ? random.next(1400) : random.next(60), capture.count - offset)
                module.buffer += capture[offset..<(offset + n)]
                offset += n
            }
            if random.next(10) == 0 { module.nakAt.insert(transaction) }
        }
        var reader = DDCReader(bus: module, chunkSize: 16 + random.next(240), maximumBytesPerPoll: 1024, retries: 3)
        var received: [UInt8] = []
        var polls = 0
        var failedPolls = 0
        while received.count < capture.count && polls < 100_000 {
            do {
                _ = try reader.poll(appendingTo: &received)
            } catch {
                guard case .noAcknowledge = error else { throw error }
                failedPolls += 1  // a NAK run outlasted the retries: the next poll carries on
            }
            polls += 1
        }
        #expect(received.count == capture.count)
        let firstDifference = zip(received, capture).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(firstDifference == nil)
        #expect(reader.recoveredNAKs + failedPolls * (reader.retries + 1) == module.nakAt.count)
        #expect(reader.recoveredNAKs > 0)
    }
}
