// UBX-CFG-NAV5 (0x06 0x24): navigation engine settings. u-blox 8 / M8 Receiver Description
// (UBX-13003221) §32.10 "UBX-CFG-NAV5". Only fields whose `mask` bit is set are applied,
// so gpsbox sends just the dynamic model (mask bit0 `dyn`) and leaves the rest alone.
//
// Offset Type Name             Unit        Offset Type Name              Unit
//  0     X2   mask             bit0 dyn    24     U1   staticHoldThresh  cm/s
//  2     U1   dynModel         enum        25     U1   dgnssTimeout      s
//  3     U1   fixMode          1 2D,2 3D,3 auto  26 U1 cnoThreshNumSVs
//  4     I4   fixedAlt         0.01 m      27     U1   cnoThresh         dBHz
//  8     U4   fixedAltVar      0.0001 m²   28     U1[2] reserved1
// 12     I1   minElev          deg         30     U2   staticHoldMaxDist m
// 13     U1   drLimit          s           32     U1   utcStandard
// 14     U2   pDop             0.1         33     U1[3] reserved2
// 16     U2   tDop             0.1
// 18     U2   pAcc             m
// 20     U2   tAcc             m
// (36 bytes in all)

public struct CfgNAV5: UBXEncodable {
    public var messageID: UBXMessageID { .cfgNAV5 }
    public var dynModel: UBXDynamicModel

    public init(dynModel: UBXDynamicModel) { self.dynModel = dynModel }

    public func appendPayload(to out: inout [UInt8]) {
        out.appendLE(UInt16(0x0001))
        out.append(dynModel.rawValue)
        out.append(contentsOf: repeatElement(0, count: 33))
    }
}
