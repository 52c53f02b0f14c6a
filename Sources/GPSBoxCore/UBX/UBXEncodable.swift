// A message gpsbox sends to the receiver: its id and how to write its payload. The frame
// (sync, class, id, length, checksum) is UBXFrameBuilder's job (§32.2 "UBX Frame Structure").

public protocol UBXEncodable: Sendable {
    var messageID: UBXMessageID { get }
    func appendPayload(to out: inout [UInt8])
}

extension UBXEncodable {
    public var payload: [UInt8] {
        var p: [UInt8] = []
        appendPayload(to: &p)
        return p
    }

    /// The complete frame, ready to write to the port.
    public var frame: [UInt8] {
        UBXFrameBuilder.frame(class: messageID.messageClass, id: messageID.id, payload: payload)
    }
}

/// A poll request: the message's class and id with an empty payload (u-blox 8 / M8 Receiver
/// Description, UBX-13003221, §32.7 "Polling Mechanism"); the receiver answers with the message.
/// A few polls name what they ask about (CFG-PRT: the port, CFG-MSG: the message): `selector`.
public struct UBXPoll: UBXEncodable {
    public let messageID: UBXMessageID
    public var selector: [UInt8]

    public init(_ id: UBXMessageID, selector: [UInt8] = []) {
        messageID = id
        self.selector = selector
    }

    public func appendPayload(to out: inout [UInt8]) { out.append(contentsOf: selector) }
}
