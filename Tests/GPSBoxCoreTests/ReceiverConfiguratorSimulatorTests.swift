import Testing
@testable import GPSBoxCore
@testable import GPSBoxSimulator

/// The configurator with the real UBX encoders against the simulator's configuration
/// responder (another helper's model of an M8 / M10 module), bytes both ways: the module
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
        var now: Int64 = 0
        var sent: [String] = []
        var queue = configurator.start(nowMs: now)
        for _ in 0..<200 {
            if queue.isEmpty {
                let deadline = try #require(configurator.deadlineMs)
                now = deadline
                queue = configurator.tick(nowMs: now)
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
                    for reply in replies { queue += configurator.handle(reply, nowMs: now) }
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
        #expect(c.dynamicModel == 4)
        #expect(o.module.saved == c) // CFG-CFG after the confirmed switch
    }

    @Test func configuresASimulatedM10() throws {
        let settings = try ReceiverSettings(currentBaudRate: 38400, baudRate: 230_400, rateHertz: 5, silenceNMEA: true,
                                            dynamicModel: .pedestrian)
        let o = try Self.run(settings, model: .m10)
        #expect(o.report.isComplete, "\(o.report.errors)")
        #expect(o.report.identity?.generation == .keyValue)
        #expect(o.sent.count == 4) // MON-VER, one VALSET, the baud VALSET, MON-VER at the new rate
        let c = o.module.current
        #expect(c.measurementPeriodMs == 200 && c.baud == 230_400 && !c.nmeaOutput)
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

    // MARK: issue 15: the port and the line from the module

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
        // The switch goes first and alone, confirmed before any message is enabled.
        let poll = model == .m8 ? ["CFG-PRT poll (the port in use)"] : ["MON-COMMS poll", "MON-COMMS poll"]
        #expect(Array(o.sent.prefix(poll.count + 3)) == ["MON-VER poll"] + poll
            + [model == .m8 ? "CFG-PRT baud rate \(baud)" : "CFG-VALSET (RAM) baud rate \(baud)", "MON-VER poll at \(baud) Bd"])
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

    @Test func theSwitchGoesOutInAPauseOfTheOutput() throws {
        // Its ACK then comes with a pause behind it, in which the host changes over in time.
        var s = try ReceiverSettings(currentBaudRate: 9600)
        s.linePolicy = .raiseBaud(maximum: 460_800)
        var c = ReceiverConfigurator(settings: s, encoding: UBXReceiverCommandEncoding())
        _ = c.start(nowMs: 0)
        var out = c.handle(.version(ReceiverConfiguratorTests.m8), nowMs: 10)
        var now: Int64 = 10
        for _ in 0..<8 {  // an epoch's sentences, one every 70 ms at 9600 Bd
            now += 70
            out += c.handle(.nmea, nowMs: now) + c.tick(nowMs: now)
        }
        #expect(out.isEmpty)
        out = c.tick(nowMs: now + 149)
        #expect(out.isEmpty)
        out = c.tick(nowMs: now + 150)
        #expect(out.map { if case .send(_, let what) = $0 { what } else { "" } } == ["CFG-PRT baud rate 38400"])
    }
}

