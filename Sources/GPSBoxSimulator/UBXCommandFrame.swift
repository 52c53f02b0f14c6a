// One UBX message from the host, as the simulated module's configuration responder sees it
// (picked out of the input by UBXCommandReader, checksum verified).
import GPSBoxCore

public struct UBXCommandFrame: Hashable, Sendable {
    public var messageClass: UInt8
    public var messageID: UInt8
    public var payload: [UInt8]

    public init(messageClass: UInt8, messageID: UInt8, payload: [UInt8]) {
        self.messageClass = messageClass
        self.messageID = messageID
        self.payload = payload
    }
}
