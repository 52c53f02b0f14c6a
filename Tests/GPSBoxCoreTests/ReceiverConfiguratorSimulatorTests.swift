import Testing
@testable import GPSBoxCore

/// The configurator with the real UBX encoders against the simulator's configuration
/// responder (another helper's model of an M8 / M10 module), bytes both ways: the module
/// parses what we send, and its answers go through the UBX views back into the state machine.
@Suite struct ReceiverConfiguratorSimulatorTests {
    struct Outcome {
        var report: ReceiverConfigurationReport
        var module: SimulatedConfigurationResponder
        var sent: [String]
    }

    static func run(_ settings: ReceiverSettings, model: SimulatedReceiver.Model) throws -> Outcome {
        var module = SimulatedConfigurationResponder(
            SimulatedReceiver.Configuration(model: model, protocol: .both, rateHz: 1, baud: settings.currentBaudRate))
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
                guard hostBaud == module.current.baud else { continue }
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
}
