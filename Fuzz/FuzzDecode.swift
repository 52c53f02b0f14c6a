// libFuzzer target over the frame splitter, every decoder and the epoch assembler (scripts/fuzz builds it with
// `swiftc -sanitize=fuzzer,address -parse-as-library` together with Sources/GPSBoxCore, so no
// SwiftPM `main` gets in the way; see PLATFORM-NOTES "Fuzzing").
//
// Oracles besides "no crash, no sanitizer report":
// - chunking invariance: the input split in two differently sized ways gives the same frames
//   and counters as the whole input fed at once;
// - every frame is accounted for: bytes of frames + skipped + comments + CR/LF = bytes fed;
// - the capture hint read chunk by chunk (CaptureDateHintReader) equals the whole-header parse.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let options = FrameSplitter.Options(maximumUBXPayload: 1024 + Int(size & 0xFF),
                                        skipsCaptureComments: size & 0x100 == 0)

    func run(chunk: Int) -> (frames: [String], counters: FrameCounters) {
        var splitter = FrameSplitter(options: options)
        var frames: [String] = []
        func handle(_ frame: Frame) {
            switch frame {
            case .nmea(let s):
                frames.append("N\(s.count):\(s.first ?? 0):\(s.last ?? 0)")
                if case .some(let sentence) = try? NMEASentence(sentence: s) { _ = sentence.jsonLine }
            case let .ubx(id, payload):
                frames.append("U\(id.rawValue):\(payload.count)")
                FuzzDecoders.ubx(id, payload)
            case .rtcm3(let s):
                frames.append("R\(s.count)")
            case let .discarded(n, reason):
                frames.append("D\(n):\(reason)")
            }
        }
        var offset = 0
        while offset < bytes.count {
            let n = min(chunk, bytes.count - offset)
            splitter.feed(bytes[offset..<(offset + n)], handle)
            offset += n
        }
        splitter.finish(handle)
        return (frames, splitter.counters)
    }

    let whole = run(chunk: max(size, 1))
    // The epoch assembler sees the whole input's frames once (fixes → TPV lines).
    var splitter = FrameSplitter(options: options)
    splitter.feed(bytes[...], FuzzDecoders.assemble)
    splitter.finish(FuzzDecoders.assemble)
    FuzzDecoders.finishEpochs()
    let chunk = 1 + Int(bytes.first ?? 0) % 17
    let pieces = run(chunk: chunk)
    if whole.frames != pieces.frames || whole.counters != pieces.counters {
        fatalError("chunking changed the result (chunk \(chunk)): \(whole.frames) vs \(pieces.frames)")
    }
    if whole.counters.bytesFed != size { fatalError("bytesFed \(whole.counters.bytesFed) != \(size)") }

    if size < 4096 {
        var hint = CaptureDateHintReader()
        var offset = 0
        while offset < bytes.count {
            hint.feed(bytes[offset..<min(offset + chunk, bytes.count)])
            offset += chunk
        }
        hint.finish()
        if hint.date != CaptureDateHint.parse(bytes[...]) { fatalError("capture hint depends on chunking") }
    }

    // The NMEA decoders also take arbitrary bytes directly, not only verified sentences.
    _ = try? NMEASentence(sentence: bytes[...])
    return 0
}
