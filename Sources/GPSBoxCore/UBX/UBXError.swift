// Why a UBX payload could not be viewed as the message its id names. Each case carries the
// offending values so the message (and `decode --format messages`) can say exactly what was wrong.

public enum UBXError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Shorter than the fixed part of the message.
    case runt(UBXMessageID, length: Int, minimum: Int)
    /// The repeated-block count in the payload disagrees with the payload length.
    case lengthMismatch(UBXMessageID, length: Int, expected: Int)
    /// A `version` field this decoder does not know the layout of.
    case unsupportedVersion(UBXMessageID, version: UInt8)
    /// A configuration key whose size code (bits 28…30) is reserved, so its value cannot be read.
    case unknownConfigKeySize(UBXMessageID, key: UInt32)

    public var description: String {
        switch self {
        case let .runt(id, length, minimum):
            return "\(id.name): payload of \(length) bytes, at least \(minimum) expected"
        case let .lengthMismatch(id, length, expected):
            return "\(id.name): payload of \(length) bytes, its block count implies \(expected)"
        case let .unsupportedVersion(id, version):
            return "\(id.name): unsupported message version \(version)"
        case let .unknownConfigKeySize(id, key):
            let hex = String(key, radix: 16, uppercase: true)
            return "\(id.name): configuration key 0x\(String(repeating: "0", count: 8 - hex.count) + hex) has a reserved size code"
        }
    }

    /// Checks the fixed-length part of a payload (shared by every view's init).
    @inlinable
    static func check(_ payload: ArraySlice<UInt8>, _ id: UBXMessageID, minimum: Int) throws(UBXError) {
        guard payload.count >= minimum else { throw .runt(id, length: payload.count, minimum: minimum) }
    }

    /// A message of a fixed header and `count` repeated blocks, where `count` is the byte at
    /// `countOffset`: at least the header, then room for every block it announces.
    static func checkRepeated(_ payload: ArraySlice<UInt8>, _ id: UBXMessageID, header: Int, block: Int,
                              countOffset: Int) throws(UBXError) {
        try check(payload, id, minimum: header)
        let expected = header + block * Int(payload[payload.startIndex + countOffset])
        guard payload.count >= expected else { throw .lengthMismatch(id, length: payload.count, expected: expected) }
    }
}
