// gpsbox-bench decode [--mb N] [--runs N] [--write DIR]: the measuring half of bench/bench-decode.
// Generates the mixed (UBX + NMEA) and NMEA-only streams, decodes each to fixes (FrameSplitter →
// EpochAssembler) in 64 KiB chunks, and prints MB/s, messages/s and heap allocations per
// message. Allocations are counted by the LD_PRELOAD malloc shim bench/bench-decode builds
// (symbol `gpsbox_malloc_count`); without it the figure is reported as unavailable.
#if canImport(Glibc)
import Glibc
#endif
import GPSBoxCore
import GPSBoxSystem

struct DecodeRun {
    var messages = 0
    var fixes = 0
    var discarded = 0
}

/// The hot path under test: bytes → frames → decoded messages → one Fix per epoch.
func decodeToFixes(_ bytes: [UInt8], chunk: Int = 64 * 1024) -> DecodeRun {
    var run = DecodeRun()
    var splitter = FrameSplitter()
    var assembler = EpochAssembler()
    var offset = 0
    func handle(_ frame: Frame) {
        switch frame {
        case .nmea, .ubx: run.messages += 1
        case .rtcm3, .sirf, .uncheckedNMEA: break
        case .discarded: run.discarded += 1
        }
        assembler.consume(frame) { _ in run.fixes += 1 }
    }
    while offset < bytes.count {
        let end = min(offset + chunk, bytes.count)
        splitter.feed(bytes[offset..<end], handle)
        offset = end
    }
    splitter.finish(handle)
    assembler.flush { _ in run.fixes += 1 }
    return run
}

/// Stages of the same path, to show where the time goes: frames only, frames + message views.
func splitOnly(_ bytes: [UInt8], decodeMessages: Bool) -> DecodeRun {
    var run = DecodeRun()
    var splitter = FrameSplitter()
    var offset = 0
    func handle(_ frame: Frame) {
        switch frame {
        case .nmea(let s):
            run.messages += 1
            if decodeMessages, (try? NMEASentence(sentence: s)) != nil { run.fixes += 1 }
        case let .ubx(id, payload):
            run.messages += 1
            if decodeMessages, case .other = UBXMessage(id: id, payload: payload) {} else { run.fixes += 1 }
        case .rtcm3, .sirf, .uncheckedNMEA: break
        case .discarded: run.discarded += 1
        }
    }
    while offset < bytes.count {
        let end = min(offset + 64 * 1024, bytes.count)
        splitter.feed(bytes[offset..<end], handle)
        offset = end
    }
    splitter.finish(handle)
    return run
}

/// CPU seconds of this thread. The build machine is shared (load average above 10 on 2 cores is
/// common), so wall-clock time measures the neighbours; CPU time measures the decoder. The
/// peers in bench/bench-decode are timed the same way.
private func seconds() -> Double { MonotonicClock.threadCPUSeconds() }

private func wallSeconds() -> Double { MonotonicClock.nowSeconds() }

private typealias CountFunction = @convention(c) () -> UInt64
private func mallocCounter() -> CountFunction? {
    guard let sym = dlsym(dlopen(nil, RTLD_NOW), "gpsbox_malloc_count") else { return nil } // the main program and its preloads
    return unsafeBitCast(sym, to: CountFunction.self)
}

func decodeBench(_ args: [String]) -> Int32 {
    var megabytes = 20.0, runs = 5
    var writeDir: String?
    var i = 0
    while i < args.count {
        switch args[i] {
        case "--mb": megabytes = Double(args[i + 1]) ?? megabytes; i += 1
        case "--runs": runs = Int(args[i + 1]) ?? runs; i += 1
        case "--write": writeDir = args[i + 1]; i += 1
        default: print("gpsbox-bench decode: unknown argument \(args[i])"); return 2
        }
        i += 1
    }
    let streams = [("mixed", DecodeStreamGenerator.stream(megabytes: megabytes, includeUBX: true)),
                   ("nmea", DecodeStreamGenerator.stream(megabytes: megabytes, includeUBX: false))]
    let counter = mallocCounter()
    for (name, bytes) in streams {
        if let writeDir {
            let path = "\(writeDir)/\(name).bin"
            do {
                let file = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC)
                try bytes.withUnsafeBytes { raw in Result { () throws(SystemError) in try file.writeAll(raw) } }.get()
            } catch {
                print("cannot write \(path): \(error)")
                return 1
            }
        }
        _ = decodeToFixes(bytes) // warm-up
        var best = Double.infinity, bestWall = Double.infinity
        var result = DecodeRun()
        for _ in 0..<runs {
            let t0 = seconds(), w0 = wallSeconds()
            result = decodeToFixes(bytes)
            best = min(best, seconds() - t0)
            bestWall = min(bestWall, wallSeconds() - w0)
        }
        for (stage, decodeMessages) in [("frames only", false), ("frames + message views", true)] {
            var b = Double.infinity
            for _ in 0..<runs {
                let t0 = seconds()
                _ = splitOnly(bytes, decodeMessages: decodeMessages)
                b = min(b, seconds() - t0)
            }
            print("  stage \(name) \(stage): \(formatted(Double(bytes.count) / 1e6 / b, 1)) MB/s")
        }
        var allocations = "unavailable (run under bench/bench-decode's malloc shim)"
        if let counter {
            let before = counter()
            let r = decodeToFixes(bytes)
            let n = counter() - before
            allocations = "\(n) in \(r.messages) messages = \(formatted(Double(n) / Double(max(r.messages, 1)), 4))/message"
        }
        let mb = Double(bytes.count) / 1e6
        print("decode \(name): \(formatted(mb, 1)) MB, \(result.messages) messages, \(result.fixes) fixes, "
            + "\(result.discarded) discarded; best of \(runs): \(formatted(best, 3)) CPU s = \(formatted(mb / best, 1)) MB/s, "
            + "\(formatted(Double(result.messages) / best / 1e6, 2)) M messages/s (wall clock: \(formatted(mb / bestWall, 1)) MB/s); "
            + "allocations: \(allocations)")
    }
    return 0
}

func formatted(_ v: Double, _ decimals: Int) -> String { JSONObjectWriter.format(v, decimals: decimals) }
