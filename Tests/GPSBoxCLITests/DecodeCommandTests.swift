import Foundation
import Glibc
import Testing
@testable import GPSBoxCLI
@testable import GPSBoxCore

/// `$body*hh` with the XOR checksum.
func sentence(_ body: String) -> [UInt8] {
    let cs = body.utf8.reduce(UInt8(0), ^)
    let hex = Array("0123456789ABCDEF")
    return Array(("$" + body + "*" + String(hex[Int(cs >> 4)]) + String(hex[Int(cs & 15)])).utf8)
}

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
        var io = CommandIO()
        let status = GPSBox.main(["decode"] + argv, io: &io)
        return (status, io.out.text, io.err.text)
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
        #expect(err == "gpsbox decode: \(path): damaged data skipped: \(bytes.count - good - 2) bytes skipped, 1 checksum failures; first at byte offset \(good): \(bytes.count - good - 2) bytes skipped (a frame whose checksum does not match)\n")
        let lines = try Self.objects(out)
        #expect(lines.map { $0["class"] as? String } == ["NMEA", "DISCARDED"])
        #expect(lines[1]["offset"] as? Int == good && lines[1]["reason"] as? String == "checksumMismatch")
    }

    /// A checksum-valid sentence with an impossible field is not damage: the field is left
    /// unknown and named, the rest of the sentence is kept.
    @Test func anInvalidFieldIsNamedAndTheSentenceKept() throws {
        let path = try Self.temporaryFile(Array(sentence("GPRMC,120000,A,4400.000,N,00000.000,E,0.1,10.0,181315,,,A")) + [13, 10])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, out, err) = Self.run([path, "--format", "messages"])
        #expect(status == .success && err.isEmpty)
        let rmc = try #require(try Self.objects(out).first)
        #expect(rmc["class"] as? String == "NMEA" && rmc["invalidFields"] as? [Int] == [9])
        #expect(rmc["fieldError"] as? String == "field 9: out of range" && rmc["date"] == nil)
        #expect(rmc["lat"] as? Double == 44 && rmc["speed"] != nil, "the other fields are kept")
        let (_, statsOut, _) = Self.run([path, "--format", "stats"])
        let stats = try #require(try Self.objects(statsOut).first)
        #expect(stats["invalidFields"] as? Int == 1 && stats["sentencesWithInvalidFields"] as? Int == 1)
    }

    /// Host poll requests (u-center writes them into its captures) are counted as polls.
    @Test func ubxPollsAreCountedNotDamage() throws {
        let bytes = UBXFrameBuilder.frame(class: 0x0A, id: 0x04) // MON-VER poll
            + UBXFrameBuilder.frame(class: 0x06, id: 0x8B, payload: [0, 0, 0, 0, 0x01, 0x00, 0x21, 0x30] as [UInt8])
        let path = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, out, err) = Self.run([path, "--format", "stats"])
        #expect(status == .success && err.isEmpty)
        let stats = try #require(try Self.objects(out).first)
        #expect(stats["ubxPolls"] as? Int == 2 && stats["malformedUBX"] as? Int == 0)
    }

    /// A long proprietary sentence ($PUBX,03 with 64 satellites, ~1300 characters) is a sentence.
    @Test func longProprietarySentencesAreAccepted() throws {
        let sats = (1...64).map { ",\($0),U,123,45,40,064" }.joined()
        let body = "PUBX,03,64" + sats
        #expect(body.count > 1000)
        let path = try Self.temporaryFile(Array(sentence(body)) + [13, 10])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, out, err) = Self.run([path, "--format", "messages"])
        #expect(status == .success && err.isEmpty)
        #expect(try Self.objects(out).first?["type"] as? String == "PUBX")
    }

    /// The `# Date:` hint is found however the reads cut the header (`cat x.log | gpsbox decode -`).
    @Test(arguments: [1, 3, 7, 64, 4096])
    func theCaptureHintDoesNotDependOnHowTheBytesArrive(chunk: Int) throws {
        // GGA carries no date: only the header's hint dates these fixes.
        var bytes = Array("# Name: test\n# Date: 2019-04-07\n".utf8)
        for t in ["120000", "120001", "120002"] {
            bytes += sentence("GPGGA,\(t),4723.86200,N,00832.40000,E,1,05,1.3,250.8,M,50.0,M,,") + [13, 10]
        }
        let wholeOut = StringOutputSink()
        let whole = StreamDecoder(format: .tpv, out: OutputBuffer(sink: wholeOut))
        whole.feed(bytes[...])
        whole.finish()
        let expected = wholeOut.text
        let cutOut = StringOutputSink()
        let cut = StreamDecoder(format: .tpv, out: OutputBuffer(sink: cutOut))
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunk, bytes.count)
            cut.feed(bytes[offset..<end])
            offset = end
        }
        cut.finish()
        #expect(cutOut.text == expected)
        #expect(expected.contains("\"time\":\"2019-04-07T12:00:02.000Z\""), "fixes are dated from the hint: \(expected)")
    }

    /// Ctrl-C on `decode --format stats` still prints the stats gathered so far.
    @Test func interruptedStatsArePrinted() throws {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3) // Tests/GPSBoxCLITests/DecodeCommandTests.swift
        let gpsbox = (ProcessInfo.processInfo.environment["GPSBOX_TEST_BIN_DIR"] ?? parts.joined(separator: "/") + "/.build/debug") + "/gpsbox"
        try #require(FileManager.default.isExecutableFile(atPath: gpsbox))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gpsbox)
        process.arguments = ["decode", "-", "--format", "stats"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let bytes = Array(sentence("GPGGA,092750.000,5321.6802,N,00630.3372,W,1,8,1.03,61.7,M,55.2,M,,")) + [13, 10]
        input.fileHandleForWriting.write(Data(bytes + Array("$GPGGA,0927".utf8))) // ends inside a sentence
        // The stream stays open: only Ctrl-C ends it. Interrupt once gpsbox has read the bytes
        // (the pipe is empty): it watches for SIGINT before its first read and feeds what it
        // read before it looks again, so the stats must count them. FIONREAD on the write end:
        // Process closed this process's copy of the read end.
        let writeEnd = input.fileHandleForWriting.fileDescriptor
        var unread: Int32 = -1
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline, ioctl(writeEnd, UInt(FIONREAD), &unread) == 0, unread > 0 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        try #require(unread == 0, "gpsbox read its input within 300 s (\(unread) bytes unread)")
        process.interrupt()
        process.waitUntilExit()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stats = try #require(try Self.objects(out).first)
        #expect(stats["class"] as? String == "STATS" && stats["nmea"] as? Int == 1 && stats["bytes"] as? Int == bytes.count + 11)
        #expect(stats["truncatedFrames"] as? Int == 0, "the sentence the interrupt cut is unread, not damage")
        #expect(process.terminationStatus == 0)
        try? input.fileHandleForWriting.close()
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

/// `stats` counts frames in a table keyed by message id and names them once at the end: the
/// counts by name are what counting by name gives, for every kind of key.
@Suite struct MessageTallyTests {
    @Test func countsByNameWhateverTheKey() throws {
        var t = MessageTally()
        for _ in 0..<3 { t.count(ubx: .navPVT) }
        t.count(ubx: UBXMessageID(class: 0xF0, id: 0x01))
        func count(_ body: String) throws {
            let s = sentence(body)[...]
            let checked = try NMEACheckedSentence(sentence: s)
            t.count(checked.type, address: s[checked.address])
        }
        try count("GPGGA,,,,,,0,,,,,,,,")
        try count("GNGGA,,,,,,0,,,,,,,,")
        try count("PGRME,1,M")
        try count("PSRFTXTLONG,1")
        t.count(sirf: 2)
        t.count(rtcm3: 1005)
        // Enough different addresses to make the table grow past its first size.
        for i in 0..<300 { try count("P\(i)X,1") }
        let counts = Dictionary(uniqueKeysWithValues: t.byName.map { ($0.name, $0.count) })
        #expect(counts["NAV-PVT"] == 3 && counts["0xF0-0x01"] == 1 && counts["GGA"] == 2)
        #expect(counts["PGRME"] == 1 && counts["PSRFTXTLONG"] == 1 && counts["SIRF-2"] == 1 && counts["RTCM3-1005"] == 1)
        #expect(counts["P0X"] == 1 && counts["P299X"] == 1 && counts.count == 7 + 300)
        #expect(t.byName.map(\.name) == t.byName.map(\.name).sorted())
    }
}
