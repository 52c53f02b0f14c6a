// UBX-LOG-RETRIEVEPOS (0x21 0x0B): one position fix read back from the receiver's flash log.
// u-blox 8 / M8 Receiver Description (UBX-13003221) §32.14 "UBX-LOG-RETRIEVEPOS".
//
// Offset Type Name       Unit          Offset Type Name    Unit
//  0     U4   entryIndex -             29     U1   fixType as NAV-PVT
//  4     I4   lon        1e-7 deg      30     U2   year
//  8     I4   lat        1e-7 deg      32     U1   month
// 12     I4   hMSL       mm            33     U1   day
// 16     U4   hAcc       mm            34     U1   hour
// 20     U4   gSpeed     mm/s          35     U1   minute
// 24     U4   heading    1e-5 deg      36     U1   second
// 28     U1   version    (0)           37     U1   reserved0
//                                      38     U1   numSV;  39 U1 reserved1

public struct LogRETRIEVEPOS: Sendable {
    public static let messageID = UBXMessageID.logRETRIEVEPOS
    public static let minimumLength = 40
    public let payload: ArraySlice<UInt8>

    public init(_ payload: ArraySlice<UInt8>) throws(UBXError) {
        try UBXError.check(payload, Self.messageID, minimum: Self.minimumLength)
        self.payload = payload
    }

    public var entryIndex: UInt32 { payload.le(0) }
    public var lon: Int32 { payload.le(4) }
    public var lat: Int32 { payload.le(8) }
    public var hMSL: Int32 { payload.le(12) }
    public var hAcc: UInt32 { payload.le(16) }
    public var gSpeed: UInt32 { payload.le(20) }
    public var heading: UInt32 { payload.le(24) }
    public var version: UInt8 { payload.le(28) }
    public var fixType: UInt8 { payload.le(29) }
    public var year: UInt16 { payload.le(30) }
    public var month: UInt8 { payload.le(32) }
    public var day: UInt8 { payload.le(33) }
    public var hour: UInt8 { payload.le(34) }
    public var minute: UInt8 { payload.le(35) }
    public var second: UInt8 { payload.le(36) }
    public var numSV: UInt8 { payload.le(38) }
}
