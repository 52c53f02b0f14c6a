import Foundation
import Testing
@testable import GPSBoxCLI
@testable import GPSBoxCore

@Suite struct DecodeCommandTests {
    static let corpus: String = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<6 {
            let c = dir.appendingPathComponent("shared/corpus/gpsd").path
            if FileManager.default.fileExists(atPath: c) { return c }
            dir = dir.deletingLastPathComponent()
        }
        return "/work/shared/corpus/gpsd"
    }()

    static func run(_ argv: [String]) -> (GPSBoxCLI.ExitStatus, out: String, err: String) {
        var out = StringSink(), err = StringSink()
        var io = CommandIO(out: out, err: err)
        let status = GPSBox.main(["decode"] + argv, io: &io)
        out = io.out as! StringSink
        err = io.err as! StringSink
        return (status, out.text, err.text)
    }

    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "gpsbox-decode-\(UUID().uuidString).bin"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test func messagesPrintsEverySentenceOfACleanCapture() throws {
        let (status, out, err) = Self.run(["\(Self.corpus)/neo-m8n.log", "--format", "messages"])
        #expect(status == .success && err.isEmpty)
        let lines = try Self.objects(out)
        #expect(lines.count == 293, "the README counts 293 NMEA sentences")
        #expect(lines.allSatisfy { $0["class"] as? String == "NMEA" })
        let rmc = try #require(lines.first { $0["type"] as? String == "RMC" })
        #expect(rmc["lat"] as? Double == 44.0690105 && rmc["date"] as? String == "2015-03-18")
    }

    @Test func ubxAndRTCM3MessagesAndStats() throws {
        let (status, out, err) = Self.run(["\(Self.corpus)/ublox-zed-f9t-rtcm3.log", "--format", "stats"])
        // The capture ends inside a frame: finished, but damaged data was skipped.
        #expect(status == .damagedDataSkipped)
        #expect(err.contains("truncated") && err.contains("byte offset") && err.split(separator: "\n").count == 1)
        let stats = try #require(try Self.objects(out).first)
        #expect(stats["ubx"] as? Int == 136 && stats["rtcm3"] as? Int == 182 && stats["checksumFailures"] as? Int == 0)
        let counts = try #require(stats["messages"] as? [String: Int])
        #expect(counts["NAV-PVT"] == 26 && counts["RTCM3-1005"] == 26)
    }

    @Test func damagedInputExitsThreeAndNamesTheOffset() throws {
        var bytes = Array("$GPGGA,092750.000,5321.6802,N,00630.3372,W,1,8,1.03,61.7,M,55.2,M,,*76\r\n".utf8)
        let good = bytes.count
        bytes += Array("$GPGGA,092751.000,5321.6802,N,00630.3372,W,1,8,1.03,61.7,M,55.2,M,,*00\r\n".utf8)
        let path = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, out, err) = Self.run([path, "--format", "messages"])
        #expect(status == .damagedDataSkipped)
        #expect(err == "gpsbox decode: \(path): damaged data skipped: \(bytes.count - good - 2) bytes skipped, 1 checksum failures; first at byte offset \(good): \(bytes.count - good - 2) bytes skipped (checksumMismatch)\n")
        let lines = try Self.objects(out)
        #expect(lines.map { $0["class"] as? String } == ["NMEA", "DISCARDED"])
        #expect(lines[1]["offset"] as? Int == good && lines[1]["reason"] as? String == "checksumMismatch")
    }

    @Test func invalidFieldIsReportedWithItsOffset() throws {
        let body = "GPRMC,120000,A,4400.000,N,00000.000,E,0.1,10.0,181315,,,A" // month 13
        let sum = body.utf8.reduce(UInt8(0), ^)
        let hex = String(sum, radix: 16, uppercase: true)
        let path = try Self.temporaryFile(Array("$\(body)*\(hex.count == 1 ? "0" + hex : hex)\r\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, out, err) = Self.run([path, "--format", "messages"])
        #expect(status == .damagedDataSkipped)
        #expect(err.contains("first at byte offset 0: invalid sentence $GPRMC: field 9: out of range"))
        #expect(try Self.objects(out).first?["class"] as? String == "ERROR")
    }

    @Test func unreadableFileIsOneLineAndExitOne() {
        let (status, out, err) = Self.run(["/nonexistent/capture.log"])
        #expect(status == .failure && out.isEmpty)
        #expect(err == "gpsbox decode: cannot open /nonexistent/capture.log: No such file or directory\n")
    }

    @Test(arguments: [["--format", "xml"], ["a.log", "b.log"], ["--bogus"]])
    func usageErrorsExitTwo(_ argv: [String]) {
        let (status, _, err) = Self.run(argv)
        #expect(status == .usage && err.contains("usage: gpsbox decode"))
    }
}

@Suite struct DecodeTPVTests {
    /// Every TPV gpsbox prints for the NEO-M8N UBX capture matches gpsd's TPV of the same time
    /// in the .chk (position within 1e-7°, same mode), and every gpsd epoch is covered.
    @Test func tpvMatchesGpsdOnAUBXCapture() throws {
        let (status, out, _) = DecodeCommandTests.run(["\(DecodeCommandTests.corpus)/ublox-neo-m8n.log"])
        #expect(status == .damagedDataSkipped, "the capture ends in a cut-off frame")
        let mine = try DecodeCommandTests.objects(out)
        let chk = try String(contentsOfFile: "\(DecodeCommandTests.corpus)/ublox-neo-m8n.log.chk", encoding: .utf8)
        var gpsd: [String: [String: Any]] = [:]
        for line in chk.split(whereSeparator: \.isNewline) where line.contains("\"class\":\"TPV\"") {
            let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            if let t = o["time"] as? String { gpsd[t] = o }
        }
        #expect(gpsd.count == 22)
        var matched = 0
        for tpv in mine {
            #expect(tpv["class"] as? String == "TPV")
            guard let t = tpv["time"] as? String, let g = gpsd[t] else { continue }
            matched += 1
            #expect(tpv["mode"] as? Int == g["mode"] as? Int, "\(t)")
            for k in ["lat", "lon"] {
                #expect(abs((tpv[k] as? Double ?? 0) - (g[k] as? Double ?? 99)) <= 1e-7, "\(k) at \(t)")
            }
            #expect(abs((tpv["altHAE"] as? Double ?? 0) - (g["altHAE"] as? Double ?? 99)) <= 0.01, "altHAE at \(t)")
        }
        #expect(matched == gpsd.count)
    }
}
