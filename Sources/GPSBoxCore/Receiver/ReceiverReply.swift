// What the configurator needs to hear from the receiver, decoded from the daemon's frames.

public enum ReceiverReply: Hashable, Sendable {
    case acknowledged(classID: UInt8, messageID: UInt8)
    case rejected(classID: UInt8, messageID: UInt8)
    case version(ReceiverIdentity)
    /// Any other UBX frame (proves the port speaks UBX at this baud rate).
    case otherUBX
    case nmea

    /// The reply a checksum-verified UBX frame amounts to: ACK-ACK/ACK-NAK (§32.9) and
    /// MON-VER (§32.16.14) are decoded; anything else, including a runt ACK or MON-VER, is
    /// just "UBX heard".
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
        default:
            self = .otherUBX
        }
    }
}

extension ReceiverReply {
    /// The reply a frame from the splitter amounts to; nil for RTCM3 and discarded bytes.
    public init?(_ frame: Frame) {
        switch frame {
        case .nmea: self = .nmea
        case .ubx(let id, let payload): self.init(ubx: id, payload: payload)
        case .rtcm3, .discarded: return nil
        }
    }
}
