import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

/// The configurator with the real UBX encoders against the simulator's configuration
/// responder (an independent model of an M8 / M10 module), bytes both ways: the module
/// parses what we send, and its answers go through the UBX views back into the state machine.
@Suite struct ReceiverConfiguratorSimulatorTests {
    struct Outcome {
        var report: ReceiverConfigurationReport
        var module: SimulatedConfigurationResponder
        var sent: [String]
    }

    static func run(_ settings: ReceiverSettings, model: SimulatedReceiver.Model, factory: Bool = false,
                    port: SimulatedPort = .uart1) throws -> Outcome {
        var module = SimulatedConfigurationResponder(
            SimulatedReceiver.Configuration(model: model, protocol: .both, rateHz: 1, baud: settings.currentBaudRate,
                                            factory: factory, port: port))
        var configurator = ReceiverConfigurator(settings: settings, encoding: UBXReceiverCommandEncoding())
        var reader = FrameSplitter()
        var hostBaud = settings.currentBaudRate
        var now: MonotonicInstant = 0
        var sent: [String] = []
        var queue = configurator.start(now: now)
        for _ in 0..<200 {
            if queue.isEmpty {
                let deadline = try #require(configurator.deadline)
                now = deadline
                queue = configurator.tick(now: now)
                continue
            }
            switch queue.removeFirst() {
            case .send(let bytes, let what):
                sent.append(what)
                now += 10
                // A byte stream at the wrong baud rate is garbage to the other side.
                guard hostBaud == module.current.baud || port == .usb else { continue }
                module.receivedBytes &+= UInt32(bytes.count)
                var commands: [UBXCommandFrame] = []
                reader.feed(bytes) { frame in
                    if case .ubx(let id, let payload) = frame {
                        commands.append(UBXCommandFrame(messageClass: id.messageClass, messageID: id.id, payload: Array(payload)))
                    }
                }
                for command in commands {
                    let outcome = module.handle(command)
                    var answers = FrameSplitter()
                    var replies: [ReceiverReply] = []
                    answers.feed(outcome.reply) { if let r = ReceiverReply($0) { replies.append(r) } }
                    for reply in replies { queue += configurator.handle(reply, now: now) }
                }
            case .setHostBaud(let b):
                hostBaud = b
            case .finished(let report):
                return Outcome(report: report, module: module, sent: sent)
            }
        }
        Issue.record("configuration did not finish")
        throw CancellationError()
    }

    @Test func configuresASimulatedM8() throws {
        let settings = try ReceiverSettings(currentBaudRate: 9600, baudRate: 115_200, rateHertz: 10, silenceNMEA: true,
                                            dynamicModel: .automotive, save: true)
        let o = try Self.run(settings, model: .m8)
        #expect(o.report.isComplete, "\(o.report.errors)")
        #expect(o.report.identity?.generation == .legacy)
        #expect(o.report.hostBaudRate == 115_200)
        let c = o.module.current
        #expect(c.measurementPeriodMs == 100 && c.baud == 115_200 && !c.nmeaOutput && c.ubxOutput)
        #expect(c.rate(.navPVT) == 1 && c.rate(.navSAT) == 10 && c.rate(.navDOP) == 10)
        #expect(c.dynamicModel == 4 && c.rate(.gsv) == 1)
        #expect(o.module.saved == c) // CFG-CFG after the confirmed switch
    }

    @Test func configuresASimulatedM10() throws {
        let settings = try ReceiverSettings(currentBaudRate: 38400, baudRate: 230_400, rateHertz: 5, silenceNMEA: true,
                                            dynamicModel: .pedestrian)
        let o = try Self.run(settings, model: .m10)
        #expect(o.report.isComplete, "\(o.report.errors)")
        #expect(o.report.identity?.generation == .keyValue)
        #expect(o.sent.count == 5) // MON-VER, GSV off, the baud VALSET, MON-VER at the new rate, one VALSET
        let c = o.module.current
        #expect(c.measurementPeriodMs == 200 && c.baud == 230_400 && !c.nmeaOutput && c.rate(.gsv) == 1)
        #expect(c.rate(.navPVT) == 1 && c.rate(.navSAT) == 5 && c.rate(.navDOP) == 5)
        #expect(c.dynamicModel == 3)
        #expect(o.module.saved != c) // RAM only without --save
    }

    @Test func anM8GetsNoValset() throws {
        // The simulated M8 NAKs CFG-VALSET as a real one does; the identified plan never sends it.
        let o = try Self.run(try ReceiverSettings(), model: .m8)
        #expect(!o.sent.contains { $0.contains("VALSET") })
        #expect(o.report.isComplete)
    }

    // MARK: the port and the line from the module

    static func daemonSettings(baud: Int = 9600, rate: Int = 1, policy: ReceiverLinePolicy = .raiseBaud(maximum: 460_800),
                               port: ReceiverPort = .uart1) throws -> ReceiverSettings {
        var s = try ReceiverSettings(port: port, currentBaudRate: baud, rateHertz: rate)
        s.resolvesPort = true
        s.linePolicy = policy
        return s
    }

    /// 5 Hz with NMEA: 7076 B/s budgeted for an M8, 8716 for an M10 (four constellations of GSV).
    @Test(arguments: [(SimulatedReceiver.Model.m8, 115_200), (.m10, 230_400)])
    func aFactoryModuleAt9600IsRaisedAndKeepsItsNMEA(_ model: SimulatedReceiver.Model, _ baud: Int) throws {
        let o = try Self.run(try Self.daemonSettings(rate: 5), model: model, factory: true)
        #expect(o.report.isComplete, "\(o.report.errors)")
        #expect(o.report.port == .uart1 && o.report.portFromModule)
        #expect(o.report.hostBaudRate == baud)
        let line = try #require(o.report.line)
        #expect(line.raisedFrom == 9600 && line.trimmed.isEmpty && line.budget.fits(baud: baud))
        let c = o.module.current
        #expect(c.baud == baud && c.nmeaOutput && c.measurementPeriodMs == 200 && c.rate(.navPVT) == 1)
        #expect(c.rate(.gsv) == 1 && c.rate(.gga) == 1)
        // GSV off, then the switch alone, confirmed before any message is enabled.
        let poll = model == .m8 ? ["CFG-PRT poll (the port in use)"] : ["MON-COMMS poll", "MON-COMMS poll"]
        let switchBaud: [String] = model == .m8 ? ["CFG-MSG NMEA GSV off", "CFG-PRT baud rate \(baud)"]
                                                : ["CFG-VALSET (RAM) NMEA GSV off", "CFG-VALSET (RAM) baud rate \(baud)"]
        let expected: [String] = ["MON-VER poll"] + poll + switchBaud + ["MON-VER poll at \(baud) Bd"]
        #expect(Array(o.sent.prefix(poll.count + 4)) == expected)
    }

    @Test func trimKeeps9600AndTurnsNMEAOff() throws {
        let o = try Self.run(try Self.daemonSettings(policy: .trim), model: .m8, factory: true)
        #expect(o.report.isComplete, "\(o.report.errors)")
        let c = o.module.current
        #expect(c.baud == 9600 && !c.nmeaOutput && c.ubxOutput && c.rate(.navPVT) == 1)
        #expect(o.report.line?.trimmed == ["NMEA off"])
    }

    @Test func anM8OnUSBIsConfiguredOnItsUSBPortWithoutASwitch() throws {
        // The host took the device for a UART; the module answers the CFG-PRT poll for USB.
        let o = try Self.run(try Self.daemonSettings(rate: 10), model: .m8, factory: true, port: .usb)
        #expect(o.report.isComplete, "\(o.report.errors)")
        #expect(o.report.port == .usb && o.report.portFromModule)
        #expect(!o.sent.contains { $0.contains("baud") })
        let c = o.module.current
        #expect(c.nmeaOutput && c.measurementPeriodMs == 100 && c.rate(.navPVT) == 1 && c.rate(.navSAT) == 10)
        #expect(o.report.line?.summary.hasPrefix("USB: no line limit") == true)
    }

    @Test func anUnansweredPortPollKeepsTheHostsGuess() throws {
        // The M8 knows no MON-COMMS; a key/value module that does not answer it is treated the same.
        var s = try Self.daemonSettings(baud: 115_200, port: .uart1)
        s.resolvesPort = true
        let run = configure(s, module: ScriptedModule(identity: ReceiverConfiguratorTests.m10))
        let report = try #require(run.report)
        #expect(run.sent.prefix(4) == ["MON-VER poll", "MON-COMMS poll", "MON-COMMS poll (attempt 2)", "MON-COMMS poll (attempt 3)"])
        #expect(report.port == .uart1 && !report.portFromModule)
    }

    @Test func aSwitchTheModuleDoesNotFollowFallsBackToTrimming() throws {
        let run = configure(try Self.daemonSettings(), module: ScriptedModule(identity: ReceiverConfiguratorTests.m8,
                                                                               answersAtNewBaud: false))
        let report = try #require(run.report)
        #expect(run.hostBauds == [38400, 9600])
        #expect(report.errors.first == .baudSwitchNotConfirmed(from: 9600, to: 38400))
        #expect(report.line?.trimmed == ["NMEA off"] && report.line?.baud == 9600)
        #expect(run.sent.contains("CFG-PRT NMEA output off"))
    }

    static func names(_ actions: [ReceiverConfiguratorAction]) -> [String] {
        actions.map {
            switch $0 {
            case .send(_, let what): what
            case .setHostBaud(let b): "host at \(b) Bd"
            case .finished: "finished"
            }
        }
    }

    /// An M10 held at 9600 Bd sends more NMEA than the line carries, so it never pauses: GSV
    /// goes off first, its ACK comes behind the backlog, the switch waits for the first pause
    /// (its ACK then has silence behind it, in which the host changes over), and GSV comes back
    /// on at the new rate.
    @Test(arguments: [(ReceiverConfiguratorTests.m10, "CFG-VALSET (RAM) NMEA GSV off", UInt8(0x8A)),
                      (ReceiverConfiguratorTests.m8, "CFG-MSG NMEA GSV off", UInt8(0x01))])
    func gsvGoesOffAndTheSwitchWaitsForThePauseThatMakes(_ identity: ReceiverIdentity, _ off: String, _ offID: UInt8) throws {
        var s = try ReceiverSettings(currentBaudRate: 9600)
        s.linePolicy = .raiseBaud(maximum: 460_800)
        var c = ReceiverConfigurator(settings: s, encoding: UBXReceiverCommandEncoding())
        _ = c.start(now: 0)
        #expect(Self.names(c.handle(.version(identity), now: 10)) == [off])
        // Its ACK may wait behind a full 4 KiB transmit buffer: 4266 ms of line at 9600 Bd.
        let ackDeadline = MonotonicInstant(milliseconds: 10 + 1500 + 4266)
        #expect(c.deadline == ackDeadline)
        var now: MonotonicInstant = 10
        var out: [ReceiverConfiguratorAction] = []
        while now < 3000 {  // the backlog: a sentence every 70 ms, and no time-out
            now += 70
            out += c.handle(.nmea, now: now) + c.tick(now: now)
        }
        out += c.handle(.acknowledged(classID: 0x06, messageID: offID), now: now)
        for _ in 0..<20 {  // what the module queued meanwhile (without GSV) still drains
            now += 70
            out += c.handle(.nmea, now: now) + c.tick(now: now)
        }
        #expect(out.isEmpty)
        #expect(c.tick(now: now + 149).isEmpty)
        let keyValue = identity.generation == .keyValue
        #expect(Self.names(c.tick(now: now + 150)) == [keyValue ? "CFG-VALSET (RAM) baud rate 38400" : "CFG-PRT baud rate 38400"])
        now += 200
        let ack = ReceiverReply.acknowledged(classID: 0x06, messageID: keyValue ? 0x8A : 0x00)
        #expect(Self.names(c.handle(ack, now: now)) == ["host at 38400 Bd"])
        #expect(Self.names(c.tick(now: now + 250)) == ["MON-VER poll at 38400 Bd"])
        let first = Self.names(c.handle(.version(identity), now: now + 300))
        #expect(first.count == 1 && first[0].hasPrefix(keyValue ? "CFG-VALSET (RAM) measurement period" : "CFG-RATE"))
    }

    /// A quiet tick far past its deadline (the host was not running) proves no silence: the
    /// bytes of that time may wait unread. It looks again; what it then reads postpones the switch.
    @Test func aLateQuietTickLooksAgainBeforeSwitching() throws {
        var s = try ReceiverSettings(currentBaudRate: 9600)
        s.linePolicy = .raiseBaud(maximum: 460_800)
        var c = ReceiverConfigurator(settings: s, encoding: UBXReceiverCommandEncoding())
        _ = c.start(now: 0)
        _ = c.handle(.version(ReceiverConfiguratorTests.m8), now: 10)
        #expect(c.handle(.acknowledged(classID: 0x06, messageID: 0x01), now: 500).isEmpty)  // GSV off
        #expect(c.deadline == 650)
        #expect(c.tick(now: 900).isEmpty)  // 250 ms late
        #expect(c.deadline == 920)
        #expect(c.handle(.nmea, now: 901).isEmpty)  // it was not quiet after all
        #expect(c.tick(now: 1050).isEmpty && c.deadline == 1051)
        #expect(Self.names(c.tick(now: 1051)) == ["CFG-PRT baud rate 38400"])
    }

    /// The whole sequence against the scripted module: GSV off → (pause) → switch → confirm →
    /// the messages at the new rate, GSV back on with them.
    @Test func gsvIsBackOnAtTheNewRate() throws {
        let m8 = configure(try Self.daemonSettings(rate: 5).with { $0.resolvesPort = false },
                           module: ScriptedModule(identity: ReceiverConfiguratorTests.m8))
        #expect(m8.sent == ["MON-VER poll", "CFG-MSG NMEA GSV off", "CFG-PRT baud rate 115200", "MON-VER poll at 115200 Bd",
                            "CFG-RATE measurement period 200 ms", "CFG-MSG NAV-PVT every 1 solution",
                            "CFG-MSG NAV-SAT every 5 solutions", "CFG-MSG NAV-DOP every 5 solutions",
                            "CFG-MSG NMEA GSV every 1 solution"])
        #expect(m8.hostBauds == [115_200] && m8.report?.isComplete == true)
        let m10 = configure(try Self.daemonSettings(rate: 1).with { $0.resolvesPort = false },
                            module: ScriptedModule(identity: ReceiverConfiguratorTests.m10))
        #expect(m10.sent == ["MON-VER poll", "CFG-VALSET (RAM) NMEA GSV off", "CFG-VALSET (RAM) baud rate 38400",
                             "MON-VER poll at 38400 Bd",
                             "CFG-VALSET (RAM) measurement period 1000 ms, NAV-PVT every 1 solution, NAV-SAT every 1 solution, "
                                + "NAV-DOP every 1 solution, NMEA GSV every 1 solution"])
    }

    /// No switch, no GSV dance: a module whose output fits its line is configured as before.
    @Test func aLineThatCarriesTheOutputKeepsGSVAsItIs() throws {
        let run = configure(try Self.daemonSettings(baud: 38400).with { $0.resolvesPort = false },
                            module: ScriptedModule(identity: ReceiverConfiguratorTests.m10))
        #expect(!run.sent.contains { $0.contains("GSV") } && run.hostBauds.isEmpty)
    }
}

extension ReceiverSettings {
    func with(_ change: (inout Self) -> Void) -> Self {
        var s = self
        change(&s)
        return s
    }
}
