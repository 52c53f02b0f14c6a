// One decoded UBX message: a typed view for every message gpsbox understands, the raw
// (id, payload) for the rest, `.poll` for a host's request (u-center and gpsbox itself write
// them: a known message with an empty payload, u-blox 8 / M8 Receiver Description §32.2.4
// "Polling"; a CFG-VALGET request, version 0, ZED-F9P interface description §3.10), and
// `.malformed` for a known id whose payload does not fit.
// Decoding a message never copies: each case holds a view over the caller's payload slice.

public enum UBXMessage: Sendable {
    case navPVT(NavPVT)
    case navPOSLLH(NavPOSLLH)
    case navHPPOSLLH(NavHPPOSLLH)
    case navVELNED(NavVELNED)
    case navSTATUS(NavSTATUS)
    case navDOP(NavDOP)
    case navSAT(NavSAT)
    case navSIG(NavSIG)
    case navSVINFO(NavSVINFO)
    case navTIMEUTC(NavTIMEUTC)
    case navTIMEGPS(NavTIMEGPS)
    case navTIMEGAL(NavTIMEGAL)
    case navTIMELS(NavTIMELS)
    case navEOE(NavEOE)
    case navSOL(NavSOL)
    case navPOSECEF(NavPOSECEF)
    case navHPPOSECEF(NavHPPOSECEF)
    case navVELECEF(NavVELECEF)
    case navPVAT(NavPVAT)
    case hnrPVT(HnrPVT)
    case logRETRIEVEPOS(LogRETRIEVEPOS)
    case timTP(TimTP)
    case timSVIN(TimSVIN)
    case navCLOCK(NavCLOCK)
    case navEELL(NavEELL)
    case navSBAS(NavSBAS)
    case navDGPS(NavDGPS)
    case rxmRAWX(RxmRAWX)
    case rxmRAW(RxmRAW)
    case rxmSFRBX(RxmSFRBX)
    case rxmSVSI(RxmSVSI)
    case logRETRIEVEPOSEXTRA(LogRETRIEVEPOSEXTRA)
    case cfgTMODE2(CfgTMODE2)
    case cfgVALGET(CfgVALGETResponse)
    case ack(UBXAck)
    case monVER(MonVER)
    case inf(UBXInfo)
    /// A message gpsbox does not decode: its id and payload, untouched.
    case other(UBXMessageID, ArraySlice<UInt8>)
    /// A poll request from the host, not receiver output and not damage.
    case poll(UBXMessageID, ArraySlice<UInt8>)
    /// A known message whose payload does not fit its layout.
    case malformed(UBXError, ArraySlice<UInt8>)

    public init(id: UBXMessageID, payload: ArraySlice<UInt8>) {
        do throws(UBXError) {
            switch id {
            case .navPVT: self = .navPVT(try NavPVT(payload))
            case .navPOSLLH: self = .navPOSLLH(try NavPOSLLH(payload))
            case .navHPPOSLLH: self = .navHPPOSLLH(try NavHPPOSLLH(payload))
            case .navVELNED: self = .navVELNED(try NavVELNED(payload))
            case .navSTATUS: self = .navSTATUS(try NavSTATUS(payload))
            case .navDOP: self = .navDOP(try NavDOP(payload))
            case .navSAT: self = .navSAT(try NavSAT(payload))
            case .navSIG: self = .navSIG(try NavSIG(payload))
            case .navSVINFO: self = .navSVINFO(try NavSVINFO(payload))
            case .navTIMEUTC: self = .navTIMEUTC(try NavTIMEUTC(payload))
            case .navTIMEGPS: self = .navTIMEGPS(try NavTIMEGPS(payload))
            case .navTIMEGAL: self = .navTIMEGAL(try NavTIMEGAL(payload))
            case .navTIMELS: self = .navTIMELS(try NavTIMELS(payload))
            case .navEOE: self = .navEOE(try NavEOE(payload))
            case .navSOL: self = .navSOL(try NavSOL(payload))
            case .navPOSECEF: self = .navPOSECEF(try NavPOSECEF(payload))
            case .navHPPOSECEF: self = .navHPPOSECEF(try NavHPPOSECEF(payload))
            case .navVELECEF: self = .navVELECEF(try NavVELECEF(payload))
            case .navPVAT: self = .navPVAT(try NavPVAT(payload))
            case .hnrPVT: self = .hnrPVT(try HnrPVT(payload))
            case .logRETRIEVEPOS: self = .logRETRIEVEPOS(try LogRETRIEVEPOS(payload))
            case .timTP: self = .timTP(try TimTP(payload))
            case .timSVIN: self = .timSVIN(try TimSVIN(payload))
            case .navCLOCK: self = .navCLOCK(try NavCLOCK(payload))
            case .navEELL: self = .navEELL(try NavEELL(payload))
            case .navSBAS: self = .navSBAS(try NavSBAS(payload))
            case .navDGPS: self = .navDGPS(try NavDGPS(payload))
            case .rxmRAWX: self = .rxmRAWX(try RxmRAWX(payload))
            case .rxmRAW: self = .rxmRAW(try RxmRAW(payload))
            case .rxmSFRBX: self = .rxmSFRBX(try RxmSFRBX(payload))
            case .rxmSVSI: self = .rxmSVSI(try RxmSVSI(payload))
            case .logRETRIEVEPOSEXTRA: self = .logRETRIEVEPOSEXTRA(try LogRETRIEVEPOSEXTRA(payload))
            case .cfgTMODE2: self = .cfgTMODE2(try CfgTMODE2(payload))
            case .cfgVALGET: self = .cfgVALGET(try CfgVALGETResponse(payload))
            case .ackACK: self = .ack(try UBXAck(payload, accepted: true))
            case .ackNAK: self = .ack(try UBXAck(payload, accepted: false))
            case .monVER: self = .monVER(try MonVER(payload))
            default:
                if let inf = UBXInfo(id: id, payload: payload) {
                    self = .inf(inf)
                } else {
                    self = .other(id, payload)
                }
            }
        } catch {
            self = Self.isPollRequest(id, payload) ? .poll(id, payload) : .malformed(error, payload)
        }
    }

    /// The message id this value was decoded from.
    public var id: UBXMessageID {
        switch self {
        case .navPVT: return .navPVT
        case .navPOSLLH: return .navPOSLLH
        case .navHPPOSLLH: return .navHPPOSLLH
        case .navVELNED: return .navVELNED
        case .navSTATUS: return .navSTATUS
        case .navDOP: return .navDOP
        case .navSAT: return .navSAT
        case .navSIG: return .navSIG
        case .navSVINFO: return .navSVINFO
        case .navTIMEUTC: return .navTIMEUTC
        case .navTIMEGPS: return .navTIMEGPS
        case .navTIMEGAL: return .navTIMEGAL
        case .navTIMELS: return .navTIMELS
        case .navEOE: return .navEOE
        case .navSOL: return .navSOL
        case .navPOSECEF: return .navPOSECEF
        case .navHPPOSECEF: return .navHPPOSECEF
        case .navVELECEF: return .navVELECEF
        case .navPVAT: return .navPVAT
        case .hnrPVT: return .hnrPVT
        case .logRETRIEVEPOS: return .logRETRIEVEPOS
        case .timTP: return .timTP
        case .timSVIN: return .timSVIN
        case .navCLOCK: return .navCLOCK
        case .navEELL: return .navEELL
        case .navSBAS: return .navSBAS
        case .navDGPS: return .navDGPS
        case .rxmRAWX: return .rxmRAWX
        case .rxmRAW: return .rxmRAW
        case .rxmSFRBX: return .rxmSFRBX
        case .rxmSVSI: return .rxmSVSI
        case .logRETRIEVEPOSEXTRA: return .logRETRIEVEPOSEXTRA
        case .cfgTMODE2: return .cfgTMODE2
        case .cfgVALGET: return .cfgVALGET
        case let .ack(a): return a.accepted ? .ackACK : .ackNAK
        case .monVER: return .monVER
        case let .inf(i): return UBXMessageID(class: 0x04, id: i.level.rawValue)
        case let .other(id, _), let .poll(id, _): return id
        case let .malformed(error, _):
            switch error {
            case let .runt(id, _, _), let .lengthMismatch(id, _, _), let .unsupportedVersion(id, _),
                 let .unknownConfigKeySize(id, _): return id
            }
        }
    }
}

extension UBXMessage {
    /// A known message's poll: an empty payload (any message), or a CFG-VALGET request
    /// (version 0, layer, position, then 4-byte keys without values).
    static func isPollRequest(_ id: UBXMessageID, _ payload: ArraySlice<UInt8>) -> Bool {
        if payload.isEmpty { return true }
        return id == .cfgVALGET && payload.count >= 8 && payload.count % 4 == 0 && payload[payload.startIndex] == 0
    }
}
