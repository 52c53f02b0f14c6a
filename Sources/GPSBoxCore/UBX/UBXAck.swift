// UBX-ACK-ACK (0x05 0x01) and UBX-ACK-NAK (0x05 0x00): the receiver's answer to a CFG message.
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.9 "UBX-ACK-ACK", §32.9 "UBX-ACK-NAK".
//
// Offset Type Name  Unit
//  0     U1   clsID class of the acknowledged message
//  1     U1   msgID id of the acknowledged message

public struct UBXAck: Sendable {
    public static let minimumLength = 2
    public let payload: ArraySlice<UInt8>
    /// True for ACK-ACK, false for ACK-NAK.
    public let accepted: Bool

    public init(_ payload: ArraySlice<UInt8>, accepted: Bool) throws(UBXError) {
        try UBXError.check(payload, accepted ? .ackACK : .ackNAK, minimum: Self.minimumLength)
        self.payload = payload
        self.accepted = accepted
    }

    public var clsID: UInt8 { payload.le(0) }
    public var msgID: UInt8 { payload.le(1) }
    /// The message this acknowledges.
    public var acknowledged: UBXMessageID { UBXMessageID(class: clsID, id: msgID) }
}
