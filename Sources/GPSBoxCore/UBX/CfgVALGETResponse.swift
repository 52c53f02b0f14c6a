// UBX-CFG-VALGET (0x06 0x8B) as the receiver answers it: the configuration values asked for, as
// key/value pairs. ZED-F9P interface description (UBX-18010854) §3.10 "UBX-CFG-VALGET" (response,
// version 1); each value's size follows from its key id (§6 "Configuration interface").
//
// Offset Type  Name     Unit
//  0     U1    version  1 (response)
//  1     U1    layer    0 RAM, 1 BBR, 2 flash, 7 default
//  2     U2    position index of the first value (for long answers in several messages)
//  4     U4+…  key id, then the value in 1, 2, 4 or 8 bytes — repeated

public struct CfgVALGETResponse: Sendable, Sequence {
    public static let messageID = UBXMessageID.cfgVALGET
    public static let minimumLength = 4
    public let payload: ArraySlice<UInt8>

    /// Checks that the pairs exactly fill the payload (every key with a known size code).
    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        var offset = Self.minimumLength
        while offset < payload.count {
            guard payload.count - offset >= 4 else {
                throw .lengthMismatch(Self.messageID, length: payload.count, expected: offset + 4)
            }
            let key = UBXConfigKey(rawValue: payload.le(offset))
            let size = key.valueSize
            guard size > 0 else { throw .unknownConfigKeySize(Self.messageID, key: key.rawValue) }
            offset += 4 + size
        }
        guard offset == payload.count else {
            throw .lengthMismatch(Self.messageID, length: payload.count, expected: offset)
        }
        self.payload = payload
    }

    public var version: UInt8 { payload.le(0) }
    public var layer: UInt8 { payload.le(1) }
    public var position: UInt16 { payload.le(2) }

    public struct Item: Hashable, Sendable {
        public var key: UBXConfigKey
        /// The value's bytes as an unsigned integer (little-endian, zero-extended).
        public var value: UInt64
    }

    public struct Iterator: IteratorProtocol {
        let payload: ArraySlice<UInt8>
        var offset = CfgVALGETResponse.minimumLength
        public mutating func next() -> Item? {
            guard offset < payload.count else { return nil }
            let key = UBXConfigKey(rawValue: payload.le(offset))
            var value: UInt64 = 0
            for i in 0..<key.valueSize { value |= UInt64(payload[payload.startIndex + offset + 4 + i]) << (8 * i) }
            offset += 4 + key.valueSize
            return Item(key: key, value: value)
        }
    }

    public func makeIterator() -> Iterator { Iterator(payload: payload) }

    /// The value of `key`, if the answer contains it.
    public subscript(key: UBXConfigKey) -> UInt64? { first { $0.key == key }?.value }
}
