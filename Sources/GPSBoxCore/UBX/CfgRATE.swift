// UBX-CFG-RATE (0x06 0x08): navigation and measurement rate. u-blox 8 / M8 Receiver
// Description (UBX-13003221) §32.10 "UBX-CFG-RATE".
//
// Offset Type Name     Unit
//  0     U2   measRate ms between measurements
//  2     U2   navRate  measurements per navigation solution (fixed to 1 on M8)
//  4     U2   timeRef  0 UTC, 1 GPS, 2 GLONASS, 3 BeiDou, 4 Galileo

public struct CfgRATE: UBXEncodable {
    public var messageID: UBXMessageID { .cfgRATE }
    public var measRate: UInt16
    public var navRate: UInt16
    public var timeRef: UInt16

    public init(measRate: UInt16, navRate: UInt16 = 1, timeRef: UInt16 = 1) {
        self.measRate = measRate
        self.navRate = navRate
        self.timeRef = timeRef
    }

    /// The measurement period for a solution rate in Hz (1…25 on M8, more on later receivers).
    public init(hertz: Int) {
        precondition(hertz > 0, "rate must be positive")
        self.init(measRate: UInt16(clamping: 1000 / hertz))
    }

    public func appendPayload(to out: inout [UInt8]) {
        out.appendLE(measRate)
        out.appendLE(navRate)
        out.appendLE(timeRef)
    }
}
