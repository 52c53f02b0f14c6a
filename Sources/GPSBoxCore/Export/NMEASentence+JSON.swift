// `gpsbox decode --format messages` for NMEA: one JSON object per sentence with the
// sentence's own field names, converted to the units gpsbox keeps (degrees, metres, m/s),
// empty fields omitted (nil is never printed as 0).

extension NMEASentence {
    public var jsonLine: String {
        var w = JSONObjectWriter()
        w.field("class", "NMEA")
        w.field("type", typeName)
        func p(_ v: Int, _ n: Int) -> String { let s = String(v); return String(repeating: "0", count: max(0, n - s.count)) + s }
        func date(_ d: NMEADate?) {
            guard let d else { return }
            w.field("date", "\(p(d.fullYear(), 4))-\(p(d.month, 2))-\(p(d.day, 2))")
        }
        func time(_ t: NMEATimeOfDay?) {
            guard let t else { return }
            w.field("time", "\(p(t.hour, 2)):\(p(t.minute, 2)):\(p(t.second, 2)).\(p(t.millisecond, 3))")
        }
        func position(_ lat: Nanodegrees?, _ lon: Nanodegrees?) {
            w.field("lat", lat?.degrees, decimals: 9)
            w.field("lon", lon?.degrees, decimals: 9)
        }
        func letter(_ k: String, _ c: UInt8?) { w.field(k, c.map { String(Character(Unicode.Scalar($0))) }) }
        switch self {
        case .gga(let s):
            w.field("talker", s.talker.description); time(s.time); position(s.latitude, s.longitude)
            w.field("quality", s.quality?.rawValue); w.field("numSV", s.numSV); w.field("hdop", s.hdop?.value, decimals: 2)
            w.field("altMSL", s.altitudeMSL?.metres, decimals: 3); w.field("geoidSep", s.geoidSeparation?.metres, decimals: 3)
            w.field("diffAge", s.differentialAge?.double, decimals: 3); w.field("diffStation", s.differentialStation)
        case .rmc(let s):
            w.field("talker", s.talker.description); time(s.time); letter("status", s.status?.rawValue)
            position(s.latitude, s.longitude); w.field("speed", s.speed?.metresPerSecond, decimals: 3)
            w.field("track", s.course?.degrees, decimals: 5)
            date(s.date)
            w.field("magvar", s.magneticVariation?.double, decimals: 2)
            w.field("posMode", s.positionMode?.letter); w.field("navStatus", s.navigationalStatus?.letter)
        case .gsa(let s):
            w.field("talker", s.talker.description); letter("opMode", s.operationMode); w.field("navMode", s.navigationMode)
            w.rawField("svids", "[" + s.satelliteIDs.map(String.init).joined(separator: ",") + "]")
            w.field("pdop", s.pdop?.value, decimals: 2); w.field("hdop", s.hdop?.value, decimals: 2)
            w.field("vdop", s.vdop?.value, decimals: 2); w.field("systemId", s.systemID?.rawValue)
        case .gsv(let s):
            w.field("talker", s.talker.description); w.field("numMsg", s.numberOfMessages); w.field("msgNum", s.messageNumber)
            w.field("numSV", s.satellitesInView)
            w.rawField("sats", "[" + s.satellites.map { sat in
                var o = JSONObjectWriter()
                o.field("svid", sat.svid); o.field("elv", sat.elevation); o.field("az", sat.azimuth); o.field("cno", sat.cno)
                return o.finished()
            }.joined(separator: ",") + "]")
            w.field("signalId", s.signalID?.rawValue)
        case .vtg(let s):
            w.field("talker", s.talker.description); w.field("track", s.courseTrue?.degrees, decimals: 5)
            w.field("magtrack", s.courseMagnetic?.degrees, decimals: 5); w.field("speed", s.speed?.metresPerSecond, decimals: 3)
            w.field("posMode", s.positionMode?.letter)
        case .gll(let s):
            w.field("talker", s.talker.description); position(s.latitude, s.longitude); time(s.time)
            letter("status", s.status?.rawValue); w.field("posMode", s.positionMode?.letter)
        case .gns(let s):
            w.field("talker", s.talker.description); time(s.time); position(s.latitude, s.longitude)
            w.field("posMode", s.positionModes.isEmpty ? nil : String(decoding: s.positionModes, as: UTF8.self)); w.field("numSV", s.numSV)
            w.field("hdop", s.hdop?.value, decimals: 2); w.field("altMSL", s.altitudeMSL?.metres, decimals: 3)
            w.field("geoidSep", s.geoidSeparation?.metres, decimals: 3); w.field("navStatus", s.navigationalStatus?.letter)
        case .zda(let s):
            w.field("talker", s.talker.description); time(s.time)
            w.field("day", s.date?.day); w.field("month", s.date?.month); w.field("year", s.date?.year)
        case .txt(let s):
            w.field("talker", s.talker.description); w.field("msgType", s.messageType); w.field("text", s.string)
        case .pubx00(let s):
            time(s.time); position(s.latitude, s.longitude); w.field("altHAE", s.altitudeHAE?.metres, decimals: 3)
            w.field("navStat", s.navigationStatus?.rawValue); w.field("hAcc", s.horizontalAccuracy?.metres, decimals: 3)
            w.field("vAcc", s.verticalAccuracy?.metres, decimals: 3); w.field("speed", s.speed?.metresPerSecond, decimals: 3)
            w.field("track", s.course?.degrees, decimals: 5); w.field("climb", s.climb?.metresPerSecond, decimals: 3)
            w.field("hdop", s.hdop?.value, decimals: 2); w.field("vdop", s.vdop?.value, decimals: 2)
            w.field("tdop", s.tdop?.value, decimals: 2); w.field("numSvs", s.numSvs)
        case .pubx04(let s):
            time(s.time)
            date(s.date)
            w.field("utcTow", s.utcTimeOfWeek?.double, decimals: 3); w.field("utcWk", s.utcWeek)
            w.field("leapSec", s.leapSeconds); w.field("leapSecDefault", s.leapSecondsIsDefault)
            w.field("clkBias", s.clockBias); w.field("clkDrift", s.clockDrift?.double, decimals: 3)
            w.field("tpGran", s.timepulseGranularity)
        case .other:
            break
        }
        // Checksum-valid, but these fields held something unusable: left out above, named here.
        let invalid = invalidFields
        if let first = invalid.first {
            w.rawField("invalidFields", "[" + invalid.fields.map(String.init).joined(separator: ",") + "]")
            w.field("fieldError", first.description)
        }
        return w.finished()
    }
}
