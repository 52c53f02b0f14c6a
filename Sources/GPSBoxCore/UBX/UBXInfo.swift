// UBX-INF-ERROR/WARNING/NOTICE/TEST/DEBUG (0x04 0x00…0x04): a free-text message from the
// receiver firmware. u-blox 8 / M8 Receiver Description (UBX-13003221) §32.12 "UBX-INF".
//
// Offset Type   Name Unit
//  0     CH[n]  str  ASCII, length = payload length (no terminator required)

public struct UBXInfo: Sendable {
    public enum Level: UInt8, Sendable, CaseIterable {
        case error = 0, warning = 1, notice = 2, test = 3, debug = 4
    }

    public let level: Level
    public let payload: ArraySlice<UInt8>

    /// nil when `id` is not one of the five INF messages.
    public init?(id: UBXMessageID, payload: ArraySlice<UInt8>) {
        guard id.messageClass == 0x04, let level = Level(rawValue: id.id) else { return nil }
        self.level = level
        self.payload = payload
    }

    /// The text, cut at a NUL if the firmware padded it; invalid UTF-8 is replaced.
    public var text: String {
        let end = payload.firstIndex(of: 0) ?? payload.endIndex
        return String(decoding: payload[payload.startIndex..<end], as: UTF8.self)
    }
}
