import Foundation
import Testing
@testable import GPSBoxCore

/// Every NMEA sentence in the gpsd corpus, decoded by gpsbox and by pynmeagps (an independent
/// implementation), field by field. pynmeagps works in floating point, so angles may differ
/// by 1 nanodegree of rounding; everything else must match exactly.
@Suite struct NMEAReferenceTests {
    static func corpusSentences() throws -> [ArraySlice<UInt8>] {
        var seen = Set<[UInt8]>()
        var out: [ArraySlice<UInt8>] = []
        for name in FramingCorpus.logNames {
            var splitter = FrameSplitter(options: .init(skipsCaptureComments: true))
            splitter.feed(try FramingCorpus.bytes(name)) { frame in
                if case .nmea(let s) = frame, seen.insert(Array(s)).inserted { out.append(s) }
            }
        }
        return out
    }

    static func reference(_ sentences: [ArraySlice<UInt8>]) throws -> [[String: Any]] {
        let python = ProcessInfo.processInfo.environment["GPSBOX_PYTHON"] ?? "/usr/bin/python3"
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/nmea_reference.py").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = [script]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        let text = sentences.map { String(decoding: $0, as: UTF8.self) + "\n" }.joined()
        DispatchQueue.global().async {
            input.fileHandleForWriting.write(Data(text.utf8))
            try? input.fileHandleForWriting.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }

    /// Fields gpsbox leaves unknown on purpose (and names) while pynmeagps (validate=0) reads them.
    static let rejectedOnPurpose: [String: String] = [
        "8960.000000": "MediaTek cold-start placeholder 89°60′: minute 60 does not exist",
    ]

    @Test func corpusSentencesAgreeWithPynmeagps() throws {
        let sentences = try Self.corpusSentences()
        #expect(sentences.count > 2000)
        let reference = try Self.reference(sentences)
        try #require(reference.count == sentences.count)
        var compared = [String: Int]()
        for (s, ref) in zip(sentences, reference) {
            let text = String(decoding: s, as: UTF8.self)
            guard let kind = ref["type"] as? String else { continue }
            let mine: NMEASentence
            do {
                mine = try NMEASentence(sentence: s)
            } catch {
                Issue.record("gpsbox rejects \(text): \(error)")
                continue
            }
            if let error = mine.invalidFields.first {
                let excused = Self.rejectedOnPurpose.keys.contains { text.contains($0) }
                #expect(excused, "gpsbox leaves a field of \(text) unknown: \(error)")
                continue
            }
            func same(_ a: Int64?, _ b: Any?, tolerance: Int64 = 0, _ what: String) {
                let r = (b as? NSNumber)?.int64Value
                let ok = a == nil ? r == nil : r != nil && abs(a! - r!) <= tolerance
                #expect(ok, "\(what): gpsbox \(String(describing: a)) pynmeagps \(String(describing: b)) in \(text)")
            }
            func sameDouble(_ a: Double?, _ b: Any?, _ what: String) {
                let r = (b as? NSNumber)?.doubleValue
                let ok = a == nil ? r == nil : r != nil && abs(a! - r!) < 1e-9
                #expect(ok, "\(what): gpsbox \(String(describing: a)) pynmeagps \(String(describing: b)) in \(text)")
            }
            compared[kind, default: 0] += 1
            switch mine {
            case .gga(let g):
                same(g.time.map { Int64($0.millisecondsSinceMidnight) }, ref["time"], "time")
                same(g.latitude?.rawValue, ref["lat"], tolerance: 1, "lat")
                same(g.longitude?.rawValue, ref["lon"], tolerance: 1, "lon")
                same(g.quality.map { Int64($0.rawValue) }, ref["quality"], "quality")
                same(g.numSV.map(Int64.init), ref["numSV"], "numSV")
                same(g.hdop.map { Int64($0.rawValue) }, ref["hdop"], "hdop")
                same(g.altitudeMSL?.rawValue, ref["alt"], "alt")
                same(g.geoidSeparation?.rawValue, ref["sep"], "sep")
            case .gns(let g):
                same(g.time.map { Int64($0.millisecondsSinceMidnight) }, ref["time"], "time")
                same(g.latitude?.rawValue, ref["lat"], tolerance: 1, "lat")
                same(g.longitude?.rawValue, ref["lon"], tolerance: 1, "lon")
                same(g.numSV.map(Int64.init), ref["numSV"], "numSV")
                same(g.altitudeMSL?.rawValue, ref["alt"], "alt")
                same(g.geoidSeparation?.rawValue, ref["sep"], "sep")
            case .rmc(let r):
                same(r.time.map { Int64($0.millisecondsSinceMidnight) }, ref["time"], "time")
                #expect(r.status.map { String(UnicodeScalar($0.rawValue)) } == ref["status"] as? String, "\(text)")
                same(r.latitude?.rawValue, ref["lat"], tolerance: 1, "lat")
                same(r.longitude?.rawValue, ref["lon"], tolerance: 1, "lon")
                sameDouble(r.course.map { Double($0.rawValue) / 1e5 }, ref["cog"], "cog")
                if let knots = (ref["knots"] as? NSNumber)?.doubleValue {
                    #expect(abs(Double(r.speed?.rawValue ?? -99) - knots * 1852 / 3.6) <= 0.5, "speed \(text)")
                } else {
                    #expect(r.speed == nil, "speed \(text)")
                }
                if let d = ref["date"] as? [Int] {
                    #expect(r.date.map { [$0.day, $0.month, $0.year] } == d, "date \(text)")
                } else {
                    #expect(r.date == nil, "date \(text)")
                }
                #expect(r.positionMode?.letter == ref["posMode"] as? String, "posMode \(text)")
            case .gll(let l):
                same(l.time.map { Int64($0.millisecondsSinceMidnight) }, ref["time"], "time")
                same(l.latitude?.rawValue, ref["lat"], tolerance: 1, "lat")
                same(l.longitude?.rawValue, ref["lon"], tolerance: 1, "lon")
            case .vtg(let v):
                sameDouble(v.courseTrue.map { Double($0.rawValue) / 1e5 }, ref["cogt"], "cogt")
                if let kmh = (ref["kmh"] as? NSNumber)?.doubleValue {
                    #expect(abs(Double(v.speedFromKilometresPerHour?.rawValue ?? -99) - kmh / 3.6 * 1000) <= 0.5, "\(text)")
                }
            case .gsa(let g):
                same(g.navigationMode.map(Int64.init), ref["navMode"], "navMode")
                #expect(Array(g.satelliteIDs).prefix(12) == (ref["ids"] as? [Int] ?? [])[...], "ids \(text)")
                sameDouble(g.pdop?.value, ref["pdop"], "pdop")
                sameDouble(g.hdop?.value, ref["hdop"], "hdop")
                sameDouble(g.vdop?.value, ref["vdop"], "vdop")
            case .gsv(let g):
                same(g.satellitesInView.map(Int64.init), ref["numSV"], "numSV")
                let sats = (ref["sats"] as? [[Any]] ?? []).map { $0.map { ($0 as? NSNumber)?.intValue } }
                    .filter { $0.contains { $0 != nil } }
                #expect(g.satellites.map { [$0.svid, $0.elevation, $0.azimuth, $0.cno] } == sats, "sats \(text)")
            case .zda(let z):
                same(z.time.map { Int64($0.millisecondsSinceMidnight) }, ref["time"], "time")
                same(z.date.map { Int64($0.year) }, ref["year"], "year")
            case .txt(let t):
                // pynmeagps stops the text at the first comma; NMEA text may contain commas.
                #expect(t.string.hasPrefix(ref["text"] as? String ?? "\u{0}"), "\(text)")
            default:
                compared[kind, default: 0] -= 1
            }
        }
        for kind in ["GGA", "RMC", "GSA", "GSV", "VTG", "GLL", "GNS", "ZDA", "TXT"] {
            #expect(compared[kind, default: 0] > 0, "no \(kind) compared")
        }
    }
}
