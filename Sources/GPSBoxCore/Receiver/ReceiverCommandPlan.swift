// The list of configuration commands for one receiver generation, in the order they are
// sent. Order matters: a baud switch goes out before this list, after the GSV sentences were
// turned off so the module's output leaves a pause to switch in (the configurator follows and
// confirms the switch first, so a full output never queues behind a slow line and the legacy
// CFG-PRT frames below carry the rate the line ended at); then rate and messages, the NMEA
// change late because it changes what the host hears, GSV back on after it, and the save last
// so a failed baud switch is never stored in flash.

/// One configuration command and what to expect after sending it.
public struct ReceiverCommand: Hashable, Sendable {
    /// For logs: "CFG-RATE measurement period 100 ms".
    public var name: String
    public var frame: [UInt8]
    /// The settings inside (a CFG-VALSET batch that is NAKed is retried item by item).
    public var items: [ReceiverConfigItem]
    /// After sending, the host switches to this baud rate and confirms with a MON-VER poll
    /// instead of waiting for the ACK (which races the switch on the wire).
    public var switchesBaudTo: Int?
    /// Turns output off so the module's transmit buffer drains before a baud switch: its ACK
    /// queues behind whatever the module still has to send, so the wait for it is longer.
    public var quietsOutput = false

    /// Class and id the receiver names in its ACK-ACK / ACK-NAK (frame bytes 2 and 3).
    public var acknowledgedClass: UInt8 { frame.count > 3 ? frame[2] : 0 }
    public var acknowledgedID: UInt8 { frame.count > 3 ? frame[3] : 0 }
}

public enum ReceiverCommandPlan {
    /// `protocolVersion`: from MON-VER; below 15 (u-blox 7) NAV-SVINFO replaces NAV-SAT.
    public static func commands(for generation: ReceiverGeneration, protocolVersion: UBXProtocolVersion? = nil,
                                settings: ReceiverSettings, restoring: [ReceiverNMEASentence] = [],
                                encoding: some ReceiverCommandEncoding) -> [ReceiverCommand] {
        let n = settings.satelliteInfoPerSolutions
        var items: [ReceiverConfigItem] = [.measurementPeriod(ms: 1000 / settings.rateHertz)]
        switch generation {
        case .legacyWithoutPVT:
            items += [.messageRate(.navPOSLLH, perSolutions: 1), .messageRate(.navVELNED, perSolutions: 1),
                      .messageRate(.navSOL, perSolutions: 1), .messageRate(.navTIMEUTC, perSolutions: 1),
                      .messageRate(.navSVINFO, perSolutions: n), .messageRate(.navDOP, perSolutions: n)]
        case .legacy, .keyValue:
            // NAV-SAT arrived with protocol 15 (u-blox 8); u-blox 7 reports satellites in NAV-SVINFO.
            let satellites: ReceiverOutputMessage =
                generation == .legacy && (protocolVersion.map { $0.major < 15 } ?? false) ? .navSVINFO : .navSAT
            items += [.messageRate(.navPVT, perSolutions: 1), .messageRate(satellites, perSolutions: n),
                      .messageRate(.navDOP, perSolutions: n)]
        }
        if settings.rawMeasurements {
            // Asked of every generation: a module without raw output NAKs them (reported,
            // the rest of the configuration stands); u-blox 6 and older have no RXM-RAWX.
            items += [.messageRate(.rxmRAWX, perSolutions: 1), .messageRate(.rxmSFRBX, perSolutions: 1)]
        }
        if let model = settings.dynamicModel { items.append(.dynamicModel(model)) }
        if settings.silenceNMEA { items.append(.nmeaOutput(false)) }
        // Sentences turned off for a baud switch go back to the u-blox default (every
        // solution); after NMEA off they are on a silenced protocol, which a save keeps right.
        items += restoring.map { .sentenceRate($0, perSolutions: 1) }

        var plan: [ReceiverCommand] = []
        switch generation {
        case .legacy, .legacyWithoutPVT:
            plan = items.map { legacy($0, settings: settings, encoding: encoding) }
            if settings.save {
                plan.append(ReceiverCommand(name: "CFG-CFG save to BBR and flash", frame: encoding.legacySave(),
                                            items: [], switchesBaudTo: nil))
            }
        case .keyValue:
            plan.append(valset(items, settings: settings, encoding: encoding))
        }
        return plan
    }

    /// Switches the UART to `baud`: CFG-PRT on legacy receivers (it also carries the output
    /// mask), CFG-VALSET CFG-UART1-BAUDRATE on key/value ones (in flash too when saving).
    public static func baudSwitch(to baud: Int, generation: ReceiverGeneration, settings: ReceiverSettings,
                                  encoding: some ReceiverCommandEncoding) -> ReceiverCommand {
        var command: ReceiverCommand
        switch generation {
        case .legacy, .legacyWithoutPVT:
            command = ReceiverCommand(name: "CFG-PRT \(describe(.baudRate(baud)))",
                                      frame: encoding.legacyCommand(.baudRate(baud), settings: settings),
                                      items: [.baudRate(baud)], switchesBaudTo: nil)
        case .keyValue:
            command = valset([.baudRate(baud)], settings: settings, encoding: encoding)
        }
        command.switchesBaudTo = baud
        return command
    }

    /// Sentences turned off before a baud switch: GSV is most of a factory module's NMEA (a
    /// sentence per four satellites of each constellation; an M10 at 9600 Bd sends more than
    /// the line carries), and no fix needs it, so GGA/RMC keep giving samples meanwhile.
    public static let quietedForSwitch: [ReceiverNMEASentence] = [.gsv]

    /// Turns `quietedForSwitch` off on the port in use: CFG-MSG (class 0xF0) on legacy
    /// receivers, one CFG-VALSET of CFG-MSGOUT-NMEA_ID_*_<port> keys on key/value ones (RAM
    /// only: what is saved, if anything, is the list that follows the switch).
    public static func outputQuieting(generation: ReceiverGeneration, settings: ReceiverSettings,
                                      encoding: some ReceiverCommandEncoding) -> [ReceiverCommand] {
        let items = quietedForSwitch.map { ReceiverConfigItem.sentenceRate($0, perSolutions: 0) }
        var ram = settings
        ram.save = false
        var commands: [ReceiverCommand]
        switch generation {
        case .legacy, .legacyWithoutPVT:
            commands = items.map { legacy($0, settings: ram, encoding: encoding) }
        case .keyValue:
            commands = [valset(items, settings: ram, encoding: encoding)]
        }
        for i in commands.indices { commands[i].quietsOutput = true }
        return commands
    }

    static func legacy(_ item: ReceiverConfigItem, settings: ReceiverSettings,
                       encoding: some ReceiverCommandEncoding) -> ReceiverCommand {
        ReceiverCommand(name: "\(legacyName(item)) \(describe(item))", frame: encoding.legacyCommand(item, settings: settings),
                        items: [item], switchesBaudTo: nil)
    }

    static func valset(_ items: [ReceiverConfigItem], settings: ReceiverSettings,
                       encoding: some ReceiverCommandEncoding) -> ReceiverCommand {
        let layers = settings.save ? "RAM+BBR+flash" : "RAM"
        return ReceiverCommand(name: "CFG-VALSET (\(layers)) " + items.map(describe).joined(separator: ", "),
                               frame: encoding.valset(items, settings: settings), items: items, switchesBaudTo: nil)
    }

    static func legacyName(_ item: ReceiverConfigItem) -> String {
        switch item {
        case .measurementPeriod: "CFG-RATE"
        case .messageRate, .sentenceRate: "CFG-MSG"
        case .nmeaOutput, .baudRate: "CFG-PRT"
        case .dynamicModel: "CFG-NAV5"
        }
    }

    static func describe(_ item: ReceiverConfigItem) -> String {
        switch item {
        case .measurementPeriod(let ms): "measurement period \(ms) ms"
        case .messageRate(let m, let k): "\(m.rawValue) \(k == 0 ? "off" : "every \(k) solution\(k == 1 ? "" : "s")")"
        case .nmeaOutput(let on): "NMEA output \(on ? "on" : "off")"
        case .sentenceRate(let s, let k): "NMEA \(s.rawValue) \(k == 0 ? "off" : "every \(k) solution\(k == 1 ? "" : "s")")"
        case .dynamicModel(let model): "dynamic model \(model)"
        case .baudRate(let b): "baud rate \(b)"
        }
    }
}
