// TXT: text transmission (NMEA 0183 v4.11; u-blox M8 §31.2.16 "TXT").
//   $xxTXT,numMsg,msgNum,msgType,text*cs — msgType 00 error, 01 warning, 02 notice, 07 user.

public struct TXT: Hashable, Sendable {
    public var talker: NMEATalker
    public var numberOfMessages: Int?
    public var messageNumber: Int?
    public var messageType: Int?
    /// The text as sent (printable ASCII; the splitter rejected anything else).
    public var text: ArraySlice<UInt8>

    /// Fields left nil because they held something unusable.
    public var invalidFields = NMEAInvalidFields()

    public init(sentence: ArraySlice<UInt8>) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try TXT(cursor: &f) }
    }

    /// Decodes from a cursor positioned before the address field.
    init(cursor f: inout NMEAFieldCursor) throws(NMEAError) {
        talker = try f.address(0x54, 0x58, 0x54)
        numberOfMessages = f.integer(in: 0...99)
        messageNumber = f.integer(in: 0...99)
        messageType = f.integer(in: 0...99)
        text = f.remaining // the text may itself contain commas
        invalidFields = f.invalidFields
    }

    public var string: String { String(decoding: text, as: UTF8.self) }
}
