import Foundation
@testable import GPSBoxCore

/// The shared gpsd capture corpus (read in place, never copied into the repository).
enum FramingCorpus {
    static let directory: URL? = {
        if let env = ProcessInfo.processInfo.environment["GPSBOX_CORPUS"] { return URL(fileURLWithPath: env) }
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<6 {
            for candidate in ["shared/corpus/gpsd", "../shared/corpus/gpsd"] {
                let url = dir.appendingPathComponent(candidate).standardized
                if FileManager.default.fileExists(atPath: url.appendingPathComponent("README.md").path) { return url }
            }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }()

    static var logNames: [String] {
        guard let directory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        return names.filter { $0.hasSuffix(".log") }.sorted()
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        guard let directory else { throw CocoaError(.fileNoSuchFile) }
        return [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}

/// A frame copied out of the splitter's views, for comparing runs.
struct OwnedFrame: Equatable, CustomStringConvertible {
    var kind: String
    var bytes: [UInt8]
    var offset = -1
    init(_ frame: Frame, offset: Int) {
        self.init(frame)
        self.offset = offset
    }
    init(_ frame: Frame) {
        switch frame {
        case .nmea(let s): kind = "nmea"; bytes = Array(s)
        case let .ubx(id, payload): kind = "ubx \(id.rawValue)"; bytes = Array(payload)
        case .rtcm3(let s): kind = "rtcm3"; bytes = Array(s)
        case .uncheckedNMEA(let s): kind = "nmea unchecked"; bytes = Array(s)
        case .sirf(let s): kind = "sirf"; bytes = Array(s)
        case let .discarded(n, reason): kind = "discarded \(reason)"; bytes = [UInt8](repeating: 0, count: n)
        }
    }
    var description: String {
        kind.hasPrefix("nmea") ? String(decoding: bytes, as: UTF8.self) : "\(kind) (\(bytes.count) B)"
    }
}

extension FrameSplitter {
    /// Splits `bytes` fed in chunks of the given sizes (cycled), then finishes.
    static func frames(_ bytes: [UInt8], chunkSizes: [Int], options: Options = Options()) -> ([OwnedFrame], FrameCounters) {
        var splitter = FrameSplitter(options: options)
        var out: [OwnedFrame] = []
        var offset = 0
        var k = 0
        while offset < bytes.count {
            let n = min(chunkSizes[k % chunkSizes.count], bytes.count - offset)
            splitter.feed(bytes[offset..<(offset + n)], reportingOffsets: { out.append(OwnedFrame($0, offset: $1)) })
            offset += n
            k += 1
        }
        splitter.finish(reportingOffsets: { out.append(OwnedFrame($0, offset: $1)) })
        return (out, splitter.counters)
    }
}
