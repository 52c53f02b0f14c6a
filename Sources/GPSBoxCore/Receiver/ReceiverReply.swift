// What the configurator and the restart watch need to hear from the receiver, decoded from
// the daemon's frames.

public enum ReceiverReply: Hashable, Sendable {
    case acknowledged(classID: UInt8, messageID: UInt8)
    case rejected(classID: UInt8, messageID: UInt8)
    case version(ReceiverIdentity)
    /// A CFG-PRT or MON-COMMS answer: which port the host is on.
    case port(ReceiverPortAnswer)
    /// A NAV-PVT and its GPS time of week (ms): the navigation rate the module runs at.
    case navigationSolution(iTOW: UInt32)
    /// The start-up text a u-blox module prints after a reset ("u-blox AG - www.u-blox.com"),
    /// as NMEA TXT or UBX INF.
    case bootBanner
    /// Any other UBX frame (proves the port speaks UBX at this baud rate).
    case otherUBX
    case nmea

    /// The reply a checksum-verified UBX frame amounts to: ACK-ACK/ACK-NAK (§32.9), MON-VER
    /// (§32.16.14), CFG-PRT and MON-COMMS answers, NAV-PVT's iTOW and INF text are decoded;
    /// anything else, including a runt ACK or MON-VER, is just "UBX heard".
    public init(ubx id: UBXMessageID, payload: ArraySlice<UInt8>) {
        switch id {
        case .ackACK, .ackNAK:
            guard let ack = try? UBXAck(payload, accepted: id == .ackACK) else { self = .otherUBX; return }
            self = ack.accepted ? .acknowledged(classID: ack.clsID, messageID: ack.msgID)
                                : .rejected(classID: ack.clsID, messageID: ack.msgID)
        case .monVER:
            guard let v = try? MonVER(payload) else { self = .otherUBX; return }
            self = .version(ReceiverIdentity(softwareVersion: v.swVersion, hardwareVersion: v.hwVersion,
                                             extensions: v.extensions))
        case .cfgPRT, .monCOMMS:
            self = ReceiverPortAnswer(ubx: id, payload: payload).map { .port($0) } ?? .otherUBX
        case .navPVT:
            // iTOW is the first field of every NAV-PVT layout (§32.17 "UBX-NAV-PVT").
            self = payload.count >= 84 ? .navigationSolution(iTOW: payload.le(0)) : .otherUBX
        default:
            if id.messageClass == 0x04, Self.isBootBanner(payload) { self = .bootBanner; return }
            self = .otherUBX
        }
    }

    /// Whether a TXT sentence or INF text is the u-blox start-up banner. M8 firmware writes
    /// "u-blox ag - www.u-blox.com", later ones "u-blox AG - www.u-blox.com": the address decides.
    static func isBootBanner(_ text: ArraySlice<UInt8>) -> Bool {
        let needle = Array("www.u-blox.com".utf8)
        guard text.count >= needle.count else { return false }
        var i = text.startIndex
        while i + needle.count <= text.endIndex {
            var k = 0
            while k < needle.count, text[i + k] | 0x20 == needle[k] | 0x20 { k += 1 }
            if k == needle.count { return true }
            i += 1
        }
        return false
    }

    /// `$xxTXT,…` (NMEA 0183 TXT, which u-blox uses for its start-up text).
    static func isTXT(_ sentence: ArraySlice<UInt8>) -> Bool {
        let s = sentence.startIndex
        return sentence.count > 7 && sentence[s + 3] == UInt8(ascii: "T") && sentence[s + 4] == UInt8(ascii: "X")
            && sentence[s + 5] == UInt8(ascii: "T") && sentence[s + 6] == UInt8(ascii: ",")
    }
}

extension ReceiverReply {
    /// The reply a frame from the splitter amounts to; nil for RTCM3 and discarded bytes.
    public init?(_ frame: Frame) {
        switch frame {
        case .nmea(let s): self = Self.isTXT(s) && Self.isBootBanner(s) ? .bootBanner : .nmea
        case .ubx(let id, let payload): self.init(ubx: id, payload: payload)
        // Unchecked sentences never come from the daemon's splitter (acceptsUncheckedNMEA off).
        case .rtcm3, .sirf, .uncheckedNMEA, .discarded: return nil
        }
    }
}
