// A UBX message is named by its class and id bytes (u-blox 8 / M8 Receiver Description,
// UBX-13003221, §32.2 "UBX Frame Structure" and §32.6 "UBX Class IDs"). Packed as
// class << 8 | id so a switch over known messages is a switch over one integer.

public struct UBXMessageID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public init(class messageClass: UInt8, id: UInt8) {
        rawValue = UInt16(messageClass) << 8 | UInt16(id)
    }

    public var messageClass: UInt8 { UInt8(truncatingIfNeeded: rawValue >> 8) }
    public var id: UInt8 { UInt8(truncatingIfNeeded: rawValue) }

    // NAV 0x01 (§32.17)
    public static let navPOSECEF = Self(class: 0x01, id: 0x01)
    public static let navPOSLLH = Self(class: 0x01, id: 0x02)
    public static let navSTATUS = Self(class: 0x01, id: 0x03)
    public static let navDOP = Self(class: 0x01, id: 0x04)
    public static let navSOL = Self(class: 0x01, id: 0x06)
    public static let navPVT = Self(class: 0x01, id: 0x07)
    public static let navVELECEF = Self(class: 0x01, id: 0x11)
    public static let navVELNED = Self(class: 0x01, id: 0x12)
    public static let navHPPOSECEF = Self(class: 0x01, id: 0x13)
    public static let navHPPOSLLH = Self(class: 0x01, id: 0x14)
    public static let navPVAT = Self(class: 0x01, id: 0x17)
    public static let navTIMEGPS = Self(class: 0x01, id: 0x20)
    public static let navTIMEUTC = Self(class: 0x01, id: 0x21)
    public static let navCLOCK = Self(class: 0x01, id: 0x22)
    public static let navTIMEGAL = Self(class: 0x01, id: 0x25)
    public static let navTIMELS = Self(class: 0x01, id: 0x26)
    public static let navSVINFO = Self(class: 0x01, id: 0x30)
    public static let navDGPS = Self(class: 0x01, id: 0x31)
    public static let navSBAS = Self(class: 0x01, id: 0x32)
    public static let navSAT = Self(class: 0x01, id: 0x35)
    public static let navEELL = Self(class: 0x01, id: 0x3D)
    public static let navSIG = Self(class: 0x01, id: 0x43)
    public static let navEOE = Self(class: 0x01, id: 0x61)
    // RXM 0x02
    public static let rxmRAW = Self(class: 0x02, id: 0x10)
    public static let rxmSFRBX = Self(class: 0x02, id: 0x13)
    public static let rxmRAWX = Self(class: 0x02, id: 0x15)
    public static let rxmSVSI = Self(class: 0x02, id: 0x20)
    // INF 0x04 (§32.12)
    public static let infERROR = Self(class: 0x04, id: 0x00)
    public static let infWARNING = Self(class: 0x04, id: 0x01)
    public static let infNOTICE = Self(class: 0x04, id: 0x02)
    public static let infTEST = Self(class: 0x04, id: 0x03)
    public static let infDEBUG = Self(class: 0x04, id: 0x04)
    // ACK 0x05 (§32.9)
    public static let ackNAK = Self(class: 0x05, id: 0x00)
    public static let ackACK = Self(class: 0x05, id: 0x01)
    // CFG 0x06 (§32.10)
    public static let cfgPRT = Self(class: 0x06, id: 0x00)
    public static let cfgMSG = Self(class: 0x06, id: 0x01)
    public static let cfgRATE = Self(class: 0x06, id: 0x08)
    public static let cfgCFG = Self(class: 0x06, id: 0x09)
    public static let cfgNAV5 = Self(class: 0x06, id: 0x24)
    public static let cfgTMODE2 = Self(class: 0x06, id: 0x3D)
    public static let cfgVALSET = Self(class: 0x06, id: 0x8A)
    public static let cfgVALGET = Self(class: 0x06, id: 0x8B)
    // MON 0x0A (§32.16)
    public static let monVER = Self(class: 0x0A, id: 0x04)
    public static let monHW = Self(class: 0x0A, id: 0x09)
    public static let monRF = Self(class: 0x0A, id: 0x38)
    // TIM 0x0D
    public static let timTP = Self(class: 0x0D, id: 0x01)
    public static let timSVIN = Self(class: 0x0D, id: 0x04)
    // ESF 0x10, HNR 0x28, LOG 0x21, SEC 0x27
    public static let esfMEAS = Self(class: 0x10, id: 0x02)
    public static let esfRAW = Self(class: 0x10, id: 0x03)
    public static let esfINS = Self(class: 0x10, id: 0x15)
    public static let esfALG = Self(class: 0x10, id: 0x14)
    public static let esfSTATUS = Self(class: 0x10, id: 0x10)
    public static let logRETRIEVEPOS = Self(class: 0x21, id: 0x0B)
    public static let logRETRIEVEPOSEXTRA = Self(class: 0x21, id: 0x0F)
    public static let secUNIQID = Self(class: 0x27, id: 0x03)
    public static let hnrPVT = Self(class: 0x28, id: 0x00)
    public static let hnrATT = Self(class: 0x28, id: 0x01)
    public static let hnrINS = Self(class: 0x28, id: 0x02)

    private static let classNames: [UInt8: String] = [
        0x01: "NAV", 0x02: "RXM", 0x04: "INF", 0x05: "ACK", 0x06: "CFG", 0x09: "UPD", 0x0A: "MON",
        0x0B: "AID", 0x0D: "TIM", 0x10: "ESF", 0x13: "MGA", 0x21: "LOG", 0x27: "SEC", 0x28: "HNR",
    ]

    private static let names: [UInt16: String] = {
        let all: [(UBXMessageID, String)] = [
            (.navPOSECEF, "POSECEF"), (.navPOSLLH, "POSLLH"), (.navSTATUS, "STATUS"), (.navDOP, "DOP"),
            (.navSOL, "SOL"), (.navPVT, "PVT"), (.navVELECEF, "VELECEF"), (.navVELNED, "VELNED"),
            (.navHPPOSECEF, "HPPOSECEF"), (.navHPPOSLLH, "HPPOSLLH"), (.navPVAT, "PVAT"),
            (.navTIMEGPS, "TIMEGPS"), (.navTIMEUTC, "TIMEUTC"), (.navCLOCK, "CLOCK"), (.navTIMEGAL, "TIMEGAL"),
            (.navTIMELS, "TIMELS"), (.navSVINFO, "SVINFO"), (.navDGPS, "DGPS"), (.navSBAS, "SBAS"),
            (.navSAT, "SAT"), (.navEELL, "EELL"), (.navSIG, "SIG"), (.navEOE, "EOE"),
            (.rxmRAW, "RAW"), (.rxmSFRBX, "SFRBX"), (.rxmRAWX, "RAWX"), (.rxmSVSI, "SVSI"),
            (.infERROR, "ERROR"), (.infWARNING, "WARNING"), (.infNOTICE, "NOTICE"), (.infTEST, "TEST"),
            (.infDEBUG, "DEBUG"), (.ackNAK, "NAK"), (.ackACK, "ACK"),
            (.cfgPRT, "PRT"), (.cfgMSG, "MSG"), (.cfgRATE, "RATE"), (.cfgCFG, "CFG"), (.cfgNAV5, "NAV5"),
            (.cfgTMODE2, "TMODE2"), (.cfgVALSET, "VALSET"), (.cfgVALGET, "VALGET"),
            (.monVER, "VER"), (.monHW, "HW"), (.monRF, "RF"), (.timTP, "TP"), (.timSVIN, "SVIN"),
            (.esfMEAS, "MEAS"), (.esfRAW, "RAW"), (.esfINS, "INS"), (.esfALG, "ALG"), (.esfSTATUS, "STATUS"),
            (.logRETRIEVEPOS, "RETRIEVEPOS"), (.logRETRIEVEPOSEXTRA, "RETRIEVEPOSEXTRA"),
            (.secUNIQID, "UNIQID"), (.hnrPVT, "PVT"), (.hnrATT, "ATT"), (.hnrINS, "INS"),
        ]
        var d: [UInt16: String] = [:]
        for (id, name) in all { d[id.rawValue] = name }
        return d
    }()

    /// The manual's name, e.g. "NAV-PVT"; unknown parts as hex, e.g. "NAV-0x42" or "0xF0-0x01".
    public var name: String {
        let cls = Self.classNames[messageClass] ?? Self.hex(messageClass)
        return cls + "-" + (Self.names[rawValue] ?? Self.hex(id))
    }

    public var description: String { name }

    static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 0xF)])
    }
}
