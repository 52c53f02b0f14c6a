// UBX-MON-VER (0x0A 0x04): firmware and hardware version strings. u-blox 8 / M8 Receiver
// Description (UBX-13003221) §32.16 "UBX-MON-VER".
//
// Offset     Type     Name       Unit
//  0         CH[30]   swVersion  NUL-padded ASCII
// 30         CH[10]   hwVersion  NUL-padded ASCII
// 40 + 30·n  CH[30]   extension  NUL-padded ASCII, e.g. "PROTVER=18.00"

public struct MonVER: Sendable {
    public static let messageID = UBXMessageID.monVER
    public static let minimumLength = 40
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var swVersion: String { Self.string(payload, 0, 30) }
    public var hwVersion: String { Self.string(payload, 30, 10) }
    /// Whole 30-byte extension blocks (a trailing partial block is ignored).
    public var extensions: [String] {
        let n = (payload.count - 40) / 30
        return (0..<n).map { Self.string(payload, 40 + 30 * $0, 30) }
    }

    /// The text up to the first NUL of a fixed-width field.
    static func string(_ p: ArraySlice<UInt8>, _ offset: Int, _ width: Int) -> String {
        let start = p.startIndex + offset
        var end = start
        while end < start + width, p[end] != 0 { end += 1 }
        return String(decoding: p[start..<end], as: UTF8.self)
    }
}
