import Foundation
import Testing
@testable import GPSBoxCore

/// Frames with the real class/id of each command and a readable payload (the item's text), so
/// the state machine is tested independently of the UBX encoders.
struct TextEncoding: ReceiverCommandEncoding {
    func monVERPoll() -> [UInt8] { UBXFrameBuilder.frame(class: 0x0A, id: 0x04) }
    func legacyCommand(_ item: ReceiverConfigItem, settings: ReceiverSettings) -> [UInt8] {
        let id: UInt8 = switch item {
        case .measurementPeriod: 0x08
        case .messageRate, .sentenceRate: 0x01
        case .dynamicModel: 0x24
        case .nmeaOutput, .baudRate: 0x00
        }
        return UBXFrameBuilder.frame(class: 0x06, id: id, payload: Array(ReceiverCommandPlan.describe(item).utf8))
    }
    func legacySave() -> [UInt8] { UBXFrameBuilder.frame(class: 0x06, id: 0x09, payload: Array("save".utf8)) }
    func valset(_ items: [ReceiverConfigItem], settings: ReceiverSettings) -> [UInt8] {
        UBXFrameBuilder.frame(class: 0x06, id: 0x8A, payload: Array(items.map(ReceiverCommandPlan.describe).joined(separator: ";").utf8))
    }
}

/// A scripted module: answers MON-VER with `identity`, ACKs every CFG command unless its payload
/// text contains one of `nak`, stays silent for texts in `silent`, and ignores everything while
/// `baud` differs from the host's (a failed switch).
struct ScriptedModule {
    var identity: ReceiverIdentity?
    var nak: [String] = []
    var silent: [String] = []
    var answersAtNewBaud = true

    func answer(_ frame: [UInt8], hostBaud: Int, startBaud: Int) -> ReceiverReply? {
        if hostBaud != startBaud && !answersAtNewBaud { return nil }
        if frame[2] == 0x0A && frame[3] == 0x04 { return identity.map { .version($0) } }
        let text = String(decoding: frame[6..<(frame.count - 2)], as: UTF8.self)
        if silent.contains(where: { text.contains($0) }) { return nil }
        if nak.contains(where: { text.contains($0) }) { return .rejected(classID: frame[2], messageID: frame[3]) }
        return .acknowledged(classID: frame[2], messageID: frame[3])
    }
}

struct ConfigurationRun {
    var sent: [String] = []
    var hostBauds: [Int] = []
    var report: ReceiverConfigurationReport?
    var ticks = 0
}

/// Drives the configurator against a scripted module, jumping the clock to each deadline.
func configure(_ settings: ReceiverSettings, module: ScriptedModule, hearsNMEA: Bool = false,
               hearsUBX: Bool = false) -> ConfigurationRun {
    var c = ReceiverConfigurator(settings: settings, encoding: TextEncoding())
    var run = ConfigurationRun()
    var now: MonotonicInstant = 0
    var hostBaud = settings.currentBaudRate
    var queue = c.start(now: now)
    while run.report == nil {
        if queue.isEmpty {
            guard let d = c.deadline else { break }
            now = d
            run.ticks += 1
            if hearsNMEA { queue += c.handle(.nmea, now: now) }
            if hearsUBX { queue += c.handle(.otherUBX, now: now) }
            queue += c.tick(now: now)
            continue
        }
        let action = queue.removeFirst()
        switch action {
        case .send(let frame, let what):
            run.sent.append(what)
            now += 5
            // The ACK of a baud switch reaches the configurator too; it must not count as the confirmation.
            if let reply = module.answer(frame, hostBaud: hostBaud, startBaud: settings.currentBaudRate) {
                queue += c.handle(reply, now: now)
            }
        case .setHostBaud(let b):
            hostBaud = b
            run.hostBauds.append(b)
        case .finished(let r):
            run.report = r
        }
    }
    return run
}

@Suite struct ReceiverConfiguratorTests {
    static let m8 = ReceiverIdentity(softwareVersion: "ROM CORE 3.01 (107888)", hardwareVersion: "00080000",
                                     extensions: ["FWVER=SPG 3.01", "PROTVER=18.00", "GPS;GLO;GAL;BDS"])
    static let m10 = ReceiverIdentity(softwareVersion: "ROM SPG 5.10 (7b202e)", hardwareVersion: "000A0000",
                                      extensions: ["FWVER=SPG 5.10", "PROTVER=34.10"])

    @Test func configuresAnM8WithLegacyMessages() throws {
        let settings = try ReceiverSettings(rateHertz: 5, dynamicModel: .automotive, save: true)
        let run = configure(settings, module: ScriptedModule(identity: Self.m8))
        #expect(run.sent == [
            "MON-VER poll",
            "CFG-RATE measurement period 200 ms",
            "CFG-MSG NAV-PVT every 1 solution",
            "CFG-MSG NAV-SAT every 5 solutions",
            "CFG-MSG NAV-DOP every 5 solutions",
            "CFG-NAV5 dynamic model automotive",
            "CFG-CFG save to BBR and flash",
        ])
        let report = try #require(run.report)
        #expect(report.isComplete)
        #expect(report.identity?.generation == .legacy)
        #expect(report.applied.count == 6)
    }

    @Test func configuresAnM10BySwitchingBaudThenOneValset() throws {
        let settings = try ReceiverSettings(currentBaudRate: 38400, baudRate: 115_200, rateHertz: 10, silenceNMEA: true)
        let run = configure(settings, module: ScriptedModule(identity: Self.m10))
        // GSV off so the output pauses, then the switch alone (ReceiverCommandPlan), the messages
        // at the new rate; GSV goes back to its default behind NMEA off.
        #expect(run.sent == [
            "MON-VER poll",
            "CFG-VALSET (RAM) NMEA GSV off",
            "CFG-VALSET (RAM) baud rate 115200",
            "MON-VER poll at 115200 Bd",
            "CFG-VALSET (RAM) measurement period 100 ms, NAV-PVT every 1 solution, NAV-SAT every 10 solutions, "
                + "NAV-DOP every 10 solutions, NMEA output off, NMEA GSV every 1 solution",
        ])
        #expect(run.hostBauds == [115_200])
        let report = try #require(run.report)
        #expect(report.isComplete && report.hostBaudRate == 115_200)
    }

    @Test func aNakedValsetIsRetriedItemByItem() throws {
        let settings = try ReceiverSettings(rateHertz: 1, dynamicModel: .bike)
        let run = configure(settings, module: ScriptedModule(identity: Self.m10, nak: ["dynamic model"]))
        let report = try #require(run.report)
        #expect(run.sent.count == 2 + 5)
        #expect(report.mode == .configured)
        #expect(report.errors == [
            .rejected(command: "CFG-VALSET (RAM) measurement period 1000 ms, NAV-PVT every 1 solution, "
                + "NAV-SAT every 1 solution, NAV-DOP every 1 solution, dynamic model bike"),
            .rejected(command: "CFG-VALSET (RAM) dynamic model bike"),
        ])
        #expect(report.applied == ["measurement period 1000 ms", "NAV-PVT every 1 solution", "NAV-SAT every 1 solution",
                                   "NAV-DOP every 1 solution"].map { "CFG-VALSET (RAM) " + $0 })
    }

    /// A module that NAKs everything is told apart from one that refused a part: only the first
    /// settles (the daemon does not configure it again).
    @Test func aModuleThatNaksEveryCommandRefusedEverything() throws {
        for identity in [Self.m8, Self.m10] {
            let all = configure(try ReceiverSettings(), module: ScriptedModule(identity: identity, nak: ["a", "e", "o"]))  // every text
            let report = try #require(all.report)
            #expect(report.applied.isEmpty && !report.errors.isEmpty)
            #expect(report.refusedEveryCommand)
        }
        let part = configure(try ReceiverSettings(rateHertz: 1, dynamicModel: .bike),
                             module: ScriptedModule(identity: Self.m10, nak: ["dynamic model"]))
        #expect(try #require(part.report).refusedEveryCommand == false)
        let unanswered = configure(try ReceiverSettings(), module: ScriptedModule(identity: nil), hearsNMEA: true)
        #expect(try #require(unanswered.report).refusedEveryCommand == false)
    }

    @Test func silenceIsRetriedThenLoggedAndTheRestStillGoesOut() throws {
        let run = configure(try ReceiverSettings(), module: ScriptedModule(identity: Self.m8, silent: ["NAV-DOP"]))
        let report = try #require(run.report)
        #expect(run.sent.filter { $0.hasPrefix("CFG-MSG NAV-DOP") }.count == 3)
        #expect(report.errors == [.noAcknowledgement(command: "CFG-MSG NAV-DOP every 1 solution", attempts: 3)])
        #expect(report.applied.count == 3)
    }

    @Test(arguments: [(true, false, ReceiverConfigurationReport.Mode.nmeaOnly), (false, true, .unanswered),
                      (false, false, .silent)])
    func noVersionAnswer(nmea: Bool, ubx: Bool, mode: ReceiverConfigurationReport.Mode) throws {
        let run = configure(try ReceiverSettings(), module: ScriptedModule(identity: nil), hearsNMEA: nmea, hearsUBX: ubx)
        let report = try #require(run.report)
        #expect(report.mode == mode)
        #expect(run.sent == ["MON-VER poll", "MON-VER poll (attempt 2)", "MON-VER poll (attempt 3)"])
        #expect(report.errors == [.noVersionAnswer(attempts: 3)])
    }

    @Test func anUnconfirmedBaudSwitchGoesBack() throws {
        let settings = try ReceiverSettings(currentBaudRate: 9600, baudRate: 115_200, save: true)
        let run = configure(settings, module: ScriptedModule(identity: Self.m8, answersAtNewBaud: false))
        let report = try #require(run.report)
        #expect(run.hostBauds == [115_200, 9600])
        #expect(report.hostBaudRate == 9600)
        #expect(report.errors.first == .baudSwitchNotConfirmed(from: 9600, to: 115_200))
        // The save still goes out at the old rate, after the failed switch (never before it),
        // with GSV back on (it went off in RAM only, for the switch).
        #expect(run.sent.suffix(2) == ["CFG-MSG NMEA GSV every 1 solution", "CFG-CFG save to BBR and flash"])
    }

    @Test func ubloxSixGetsTheMessagesBeforeNavPVT() throws {
        let u6 = ReceiverIdentity(softwareVersion: "7.03 (45969)", hardwareVersion: "00040007", extensions: [])
        #expect(u6.generation == .legacyWithoutPVT && u6.protocolVersion == nil)
        let run = configure(try ReceiverSettings(), module: ScriptedModule(identity: u6))
        #expect(run.sent.dropFirst(2).prefix(4).map { $0.split(separator: " ")[1] } == ["NAV-POSLLH", "NAV-VELNED", "NAV-SOL", "NAV-TIMEUTC"])
        #expect(!run.sent.contains { $0.contains("NAV-PVT") })
    }

    @Test func ubloxSevenGetsSVINFOInsteadOfSAT() throws {
        let u7 = ReceiverIdentity(softwareVersion: "1.00 (59842)", hardwareVersion: "00070000", extensions: ["PROTVER 14.00"])
        let run = configure(try ReceiverSettings(), module: ScriptedModule(identity: u7))
        #expect(run.sent.contains("CFG-MSG NAV-SVINFO every 1 solution"))
        #expect(!run.sent.contains { $0.contains("NAV-SAT") })
    }

    @Test func acknowledgementsOfOtherMessagesAreIgnored() throws {
        var c = ReceiverConfigurator(settings: try ReceiverSettings(), encoding: TextEncoding())
        _ = c.start(now: 0)
        #expect(c.handle(.version(Self.m8), now: 10) == [.send(TextEncoding().legacyCommand(.measurementPeriod(ms: 1000), settings: c.settings),
                                                                  what: "CFG-RATE measurement period 1000 ms")])
        #expect(c.handle(.acknowledged(classID: 0x06, messageID: 0x01), now: 20).isEmpty) // CFG-MSG, not CFG-RATE
        #expect(c.handle(.nmea, now: 30).isEmpty)
        #expect(c.tick(now: 1000).isEmpty) // deadline is 10 + 1500
        #expect(c.deadline == 1510)
    }
}

@Suite struct ReceiverIdentityTests {
    @Test(arguments: [("PROTVER=18.00", UBXProtocolVersion(major: 18, minor: 0)), ("PROTVER 15.00", UBXProtocolVersion(major: 15, minor: 0)),
                      ("PROTVER=34.10", UBXProtocolVersion(major: 34, minor: 10)), ("PROTVER=27", UBXProtocolVersion(major: 27, minor: 0)),
                      ("FWVER=SPG 3.01", nil), ("PROTVER=", nil), ("GPS;GLO;GAL;BDS", nil)])
    func protocolVersionFromExtension(_ row: (String, UBXProtocolVersion?)) {
        #expect(UBXProtocolVersion(monVERExtension: row.0) == row.1)
    }

    @Test(arguments: [(UBXProtocolVersion(major: 13, minor: 2), ReceiverGeneration.legacyWithoutPVT), (.init(major: 14, minor: 0), .legacy),
                      (.init(major: 23, minor: 1), .legacy), (.init(major: 27, minor: 0), .keyValue), (.init(major: 34, minor: 10), .keyValue)])
    func generationFromProtocolVersion(_ row: (UBXProtocolVersion, ReceiverGeneration)) {
        #expect(ReceiverIdentity.generation(protocol: row.0, hardware: "") == row.1)
    }

    /// The MON-VER answers and ACK/NAKs of a real Navisys GR-8013 (u-blox 8) in gpsd's
    /// regression corpus, through the frame splitter and the UBX views as the daemon sees them.
    @Test func identifiesTheM8InTheCorpusCapture() throws {
        let bytes = try FramingCorpus.bytes("ublox8-uniqid-monhw.log")
        var splitter = FrameSplitter(options: .init(skipsCaptureComments: true))
        var replies: [ReceiverReply] = []
        splitter.feed(bytes) { if let r = ReceiverReply($0) { replies.append(r) } }
        splitter.finish { if let r = ReceiverReply($0) { replies.append(r) } }
        let identities = replies.compactMap { if case .version(let id) = $0 { id } else { nil } }
        try #require(identities.count == 4)
        for id in identities {
            #expect(id.generation == .legacy)
            #expect(id.protocolVersion == UBXProtocolVersion(major: 18, minor: 0))
            #expect(id.summary == "M8, protocol 18.00, SW ROM CORE 3.01 (107888), HW 00080000")
        }
        // The corpus README counts ACK-ACK 31, ACK-NAK 2 and 52 NMEA sentences in this capture.
        #expect(replies.filter { if case .acknowledged = $0 { true } else { false } }.count == 31)
        #expect(replies.filter { if case .rejected = $0 { true } else { false } }.count == 2)
        #expect(replies.filter { $0 == .nmea }.count == 52)
    }

    @Test func framesBecomeReplies() {
        #expect(ReceiverReply(Frame.rtcm3([0xD3, 0, 0])) == nil)
        #expect(ReceiverReply(Frame.discarded(byteCount: 3, reason: .noise)) == nil)
        #expect(ReceiverReply(Frame.ubx(.ackNAK, payload: [0x06, 0x8A])) == .rejected(classID: 0x06, messageID: 0x8A))
        #expect(ReceiverReply(Frame.ubx(.ackACK, payload: [0x06])) == .otherUBX) // runt ACK
        #expect(ReceiverReply(Frame.ubx(.navPVT, payload: [])) == .otherUBX)
    }

    @Test func settingsRejectOutOfRangeValues() {
        #expect(throws: ReceiverSettingsError.rateOutOfRange(hertz: 26)) { try ReceiverSettings(rateHertz: 26) }
        #expect(throws: ReceiverSettingsError.rateOutOfRange(hertz: 0)) { try ReceiverSettings(rateHertz: 0) }
        #expect(throws: ReceiverSettingsError.baudRateUnsupported(12345)) { try ReceiverSettings(baudRate: 12345) }
    }
}

/// The per-sentence NMEA commands, byte for byte against frames pyubx2 1.2 builds
/// (`UBXMessage.config_set(1, 0, [("CFG_MSGOUT_NMEA_ID_GSV_UART1", 0)])`, and CFG-MSG SET with the
/// 3-byte payload F0 03 rate), an encoder written from the same u-blox descriptions by others.
@Suite struct ReceiverSentenceEncodingTests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test(arguments: [(ReceiverPort.uart1, 0, "b562068a090000010000c50091200010fd"),
                      (.usb, 1, "b562068a090000010000c7009120011308")])
    func valsetOfTheGSVKeyOfThePort(_ port: ReceiverPort, _ rate: Int, _ expected: String) throws {
        let settings = try ReceiverSettings(port: port)
        #expect(Self.hex(UBXReceiverCommandEncoding().valset([.sentenceRate(.gsv, perSolutions: rate)], settings: settings))
                == expected)
    }

    @Test(arguments: [(0, "b56206010300f00300fd15"), (1, "b56206010300f00301fe16")])
    func cfgMSGOfNMEAClassF0(_ rate: Int, _ expected: String) throws {
        let frame = UBXReceiverCommandEncoding().legacyCommand(.sentenceRate(.gsv, perSolutions: rate),
                                                              settings: try ReceiverSettings())
        #expect(Self.hex(frame) == expected)
    }

    /// CFG-MSGOUT-NMEA_ID_*: I2C, UART1, UART2, USB, SPI in a row (Interface Description §6.9.12).
    @Test func keysOfEverySentence() {
        let i2c: [ReceiverNMEASentence: UInt32] = [.gga: 0x2091_00BA, .gll: 0x2091_00C9, .gsa: 0x2091_00BF,
                                                   .gsv: 0x2091_00C4, .rmc: 0x2091_00AB, .vtg: 0x2091_00B0]
        for s in ReceiverNMEASentence.allCases {
            #expect(s.outputKey(port: .i2c) == i2c[s])
            #expect(s.outputKey(port: .uart1) == i2c[s]! + 1 && s.outputKey(port: .usb) == i2c[s]! + 3)
        }
        #expect(ReceiverNMEASentence.gsv.outputKey(port: .uart1) == 0x2091_00C5)
    }
}
