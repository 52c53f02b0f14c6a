// UBX-TIM-SVIN (0x0D 0x04): survey-in status of a timing receiver, with the mean ECEF position.
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.21 "UBX-TIM-SVIN".
//
// Offset Type Name   Unit
//  0     U4   dur    s (survey-in duration so far)
//  4     I4   meanX  cm
//  8     I4   meanY  cm
// 12     I4   meanZ  cm
// 16     U4   meanV  mm² (variance of the mean)
// 20     U4   obs    observations
// 24     U1   valid  1 = survey-in position valid
// 25     U1   active 1 = survey-in in progress
// 26     U1[2] reserved

public struct TimSVIN: Sendable {
    public static let messageID = UBXMessageID.timSVIN
    public static let minimumLength = 28
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var dur: UInt32 { payload.le(0) }
    public var meanX: Int32 { payload.le(4) }
    public var meanY: Int32 { payload.le(8) }
    public var meanZ: Int32 { payload.le(12) }
    public var meanV: UInt32 { payload.le(16) }
    public var obs: UInt32 { payload.le(20) }
    public var valid: UInt8 { payload.le(24) }
    public var active: UInt8 { payload.le(25) }
}
