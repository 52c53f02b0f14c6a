// `gpsbox decode --format messages` for NMEA: one JSON object per sentence with the
// sentence's own field names, converted to the units gpsbox keeps (degrees, metres, m/s),
// empty fields omitted (nil is never printed as 0).

extension NMEASentence {
    /// The sentence as one line of JSON, without the newline.
    public var jsonLine: String { OutputBuffer.collecting { writeJSON(to: $0) } }

    /// The sentence's JSON object, without the newline; `unchecked` adds `"unchecked":true`
    /// (a sentence decoded without the optional checksum: nothing vouches for its bytes).
    public func writeJSON(to out: OutputBuffer, unchecked: Bool = false) {
        var w = JSONByteWriter(out)
        w.field("class", "NMEA")
        w.field("type", typeName)
        func date(_ d: NMEADate?) {
            guard let d else { return }
            w.quoted("date") {
                $0.appendJSONPadded(d.fullYear(), width: 4)
                $0.byte(UInt8(ascii: "-"))
                $0.appendJSONPadded(d.month, width: 2)
                $0.byte(UInt8(ascii: "-"))
                $0.appendJSONPadded(d.day, width: 2)
            }
        }
        func time(_ t: NMEATimeOfDay?) {
            guard let t else { return }
            w.quoted("time") {
                $0.appendJSONPadded(t.hour, width: 2)
                $0.byte(UInt8(ascii: ":"))
                $0.appendJSONPadded(t.minute, width: 2)
                $0.byte(UInt8(ascii: ":"))
                $0.appendJSONPadded(t.second, width: 2)
                $0.byte(UInt8(ascii: "."))
                $0.appendJSONPadded(t.millisecond, width: 3)
            }
        }
        func position(_ lat: Nanodegrees?, _ lon: Nanodegrees?) {
            w.field("lat", lat?.degrees, decimals: 9)
            w.field("lon", lon?.degrees, decimals: 9)
        }
        func talker(_ t: NMEATalker) {
            w.quoted("talker") {
                $0.appendJSONCharacter(t.first)
                if let second = t.second { $0.appendJSONCharacter(second) }
            }
        }
        switch self {
        case .gga(let s):
            talker(s.talker); time(s.time); position(s.latitude, s.longitude)
            w.field("quality", s.quality?.rawValue); w.field("numSV", s.numSV); w.field("hdop", s.hdop?.value, decimals: 2)
            w.field("altMSL", s.altitudeMSL?.metres, decimals: 3); w.field("geoidSep", s.geoidSeparation?.metres, decimals: 3)
            w.field("diffAge", s.differentialAge?.double, decimals: 3); w.field("diffStation", s.differentialStation)
        case .rmc(let s):
            talker(s.talker); time(s.time); w.field("status", character: s.status?.rawValue)
            position(s.latitude, s.longitude); w.field("speed", s.speed?.metresPerSecond, decimals: 3)
            w.field("track", s.course?.degrees, decimals: 5)
            date(s.date)
            w.field("magvar", s.magneticVariation?.double, decimals: 2)
            w.field("posMode", character: s.positionMode?.rawValue); w.field("navStatus", character: s.navigationalStatus?.rawValue)
        case .gsa(let s):
            talker(s.talker); w.field("opMode", character: s.operationMode); w.field("navMode", s.navigationMode)
            w.integers("svids", s.satelliteIDs)
            w.field("pdop", s.pdop?.value, decimals: 2); w.field("hdop", s.hdop?.value, decimals: 2)
            w.field("vdop", s.vdop?.value, decimals: 2); w.field("systemId", s.systemID?.rawValue)
        case .gsv(let s):
            talker(s.talker); w.field("numMsg", s.numberOfMessages); w.field("msgNum", s.messageNumber)
            w.field("numSV", s.satellitesInView)
            w.objects("sats", s.satellites) { o, sat in
                o.field("svid", sat.svid); o.field("elv", sat.elevation); o.field("az", sat.azimuth); o.field("cno", sat.cno)
            }
            w.field("signalId", s.signalID?.rawValue)
        case .vtg(let s):
            talker(s.talker); w.field("track", s.courseTrue?.degrees, decimals: 5)
            w.field("magtrack", s.courseMagnetic?.degrees, decimals: 5); w.field("speed", s.speed?.metresPerSecond, decimals: 3)
            w.field("posMode", character: s.positionMode?.rawValue)
        case .gll(let s):
            talker(s.talker); position(s.latitude, s.longitude); time(s.time)
            w.field("status", character: s.status?.rawValue); w.field("posMode", character: s.positionMode?.rawValue)
        case .gns(let s):
            talker(s.talker); time(s.time); position(s.latitude, s.longitude)
            w.field("posMode", utf8: s.positionModes.isEmpty ? nil : s.positionModes); w.field("numSV", s.numSV)
            w.field("hdop", s.hdop?.value, decimals: 2); w.field("altMSL", s.altitudeMSL?.metres, decimals: 3)
            w.field("geoidSep", s.geoidSeparation?.metres, decimals: 3); w.field("navStatus", character: s.navigationalStatus?.rawValue)
        case .zda(let s):
            talker(s.talker); time(s.time)
            w.field("day", s.date?.day); w.field("month", s.date?.month); w.field("year", s.date?.year)
        case .txt(let s):
            talker(s.talker); w.field("msgType", s.messageType); w.field("text", utf8: s.text)
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
            w.integers("invalidFields", invalid.fields)
            w.field("fieldError", first.description)
        }
        if unchecked { w.field("unchecked", true) }
        w.end()
    }
}
