// A trip's raw bytes cut at frame boundaries: whatever the read sizes, the selection decodes
// without damage and holds exactly the frames that began in its chunks.
import Testing
@testable import GPSBoxCore

@Suite struct RawFrameCutTests {
    /// NAV-PVT, GGA, an RTCM 3 frame and RMC per epoch; `starts` are the frames' first bytes.
    static func stream(epochs: Int) -> (bytes: [UInt8], starts: [Int]) {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        for s in 0..<epochs {
            guard case .navPVT(let m) = UBXSample.pvt(iTOW: UInt32(s) * 1000, second: UInt8(s % 60)) else { continue }
            let t = "0900\(s % 60 < 10 ? "0" : "")\(s % 60).00"
            let body: [UInt8] = [0xD3, 0x00, 0x04, 0x3E, 0xD0, 0x00, 0x03]
            let crc = CRC24Q.checksum(body)
            let rtcm = body + [UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
            for frame in [UBXFrameBuilder.frame(class: 0x01, id: 0x07, payload: m.payload),
                          Array(sentence("GNGGA,\(t),4723.86200,N,00832.40000,E,1,09,0.95,450.5,M,47.6,M,,")) + [13, 10],
                          rtcm,
                          Array(sentence("GNRMC,\(t),A,4723.86200,N,00832.40000,E,1.944,77.52,301126,,,A")) + [13, 10]] {
                starts.append(bytes.count)
                bytes += frame
            }
        }
        return (bytes, starts)
    }

    static func damage(_ bytes: [UInt8]) -> (frames: Int, discarded: Int) {
        var splitter = FrameSplitter()
        var frames = 0, discarded = 0
        let count = { (f: Frame) in if case .discarded(let n, _) = f { discarded += n } else { frames += 1 } }
        splitter.feed(bytes[...], count)
        splitter.finish(count)
        return (frames, discarded)
    }

    @Test(arguments: [1, 7, 37, 100, 513])
    func aSelectionGoesOutAsWholeFrames(chunkSize: Int) {
        let (bytes, starts) = Self.stream(epochs: 30)
        #expect(Self.damage(bytes).discarded == 0, "the stream itself is clean")
        let chunks = stride(from: 0, to: bytes.count, by: chunkSize).map { ($0, Array(bytes[$0..<min($0 + chunkSize, bytes.count)])) }
        let selectedRange = (chunks.count / 3)...(2 * chunks.count / 3)
        var cut = RawFrameCut()
        var out: [UInt8] = []
        for (i, (_, chunk)) in chunks.enumerated() { out += cut.cut(chunk, selected: selectedRange.contains(i)) }
        let first = chunks[selectedRange.lowerBound].0
        let end = chunks[selectedRange.upperBound].0 + chunks[selectedRange.upperBound].1.count
        let expected = starts.filter { $0 >= first && $0 < end }.count
        let result = Self.damage(out)
        #expect(result.discarded == 0)
        #expect(result.frames == expected)
    }

    @Test func noiseBetweenFramesGoesOutWithItsChunk() {
        var cut = RawFrameCut()
        #expect(cut.cut([0x00, 0x11], selected: true) == [0x00, 0x11])
        #expect(cut.cut([0x22], selected: false) == [])
    }
}
