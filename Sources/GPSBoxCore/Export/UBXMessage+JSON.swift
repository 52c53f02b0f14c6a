// `gpsbox decode --format messages`: one JSON object per UBX message, keys are the u-blox
// manual's field names and values stay in wire units (1e-7 deg, mm, cm/s …) so a line can be
// checked against the manual or pyubx2 without guessing at conversions.

extension UBXMessage {
    /// The message as one line of JSON, without the newline.
    public var jsonLine: String { OutputBuffer.collecting { writeJSON(to: $0) } }

    /// The message's JSON object, without the newline.
    public func writeJSON(to out: OutputBuffer) {
        var w = JSONByteWriter(out)
        w.field("class", "UBX")
        w.field("type", id.name)
        switch self {
        case let .navPVT(m):
            w.field("iTOW", m.iTOW); w.field("year", m.year); w.field("month", m.month); w.field("day", m.day)
            w.field("hour", m.hour); w.field("min", m.min); w.field("sec", m.sec); w.field("valid", m.valid)
            w.accuracy("tAcc", m.tAcc); w.field("nano", m.nano); w.field("fixType", m.fixType)
            w.field("flags", m.flags); w.field("flags2", m.flags2); w.field("numSV", m.numSV)
            w.field("lon", m.lon); w.field("lat", m.lat); w.field("height", m.height); w.field("hMSL", m.hMSL)
            w.accuracy("hAcc", m.hAcc); w.accuracy("vAcc", m.vAcc); w.field("velN", m.velN); w.field("velE", m.velE)
            w.field("velD", m.velD); w.field("gSpeed", m.gSpeed); w.field("headMot", m.headMot)
            w.accuracy("sAcc", m.sAcc); w.accuracy("headAcc", m.headAcc); w.field("pDOP", m.pDOP)
            w.field("headVeh", m.headVeh); w.field("magDec", m.magDec); w.field("magAcc", m.magAcc)
        case let .navPOSLLH(m):
            w.field("iTOW", m.iTOW); w.field("lon", m.lon); w.field("lat", m.lat); w.field("height", m.height)
            w.field("hMSL", m.hMSL); w.accuracy("hAcc", m.hAcc); w.accuracy("vAcc", m.vAcc)
        case let .navHPPOSLLH(m):
            w.field("version", m.version); w.field("flags", m.flags); w.field("iTOW", m.iTOW)
            w.field("lon", m.lon); w.field("lat", m.lat); w.field("height", m.height); w.field("hMSL", m.hMSL)
            w.field("lonHp", m.lonHp); w.field("latHp", m.latHp); w.field("heightHp", m.heightHp)
            w.field("hMSLHp", m.hMSLHp); w.accuracy("hAcc", m.hAcc); w.accuracy("vAcc", m.vAcc)
        case let .navVELNED(m):
            w.field("iTOW", m.iTOW); w.field("velN", m.velN); w.field("velE", m.velE); w.field("velD", m.velD)
            w.field("speed", m.speed); w.field("gSpeed", m.gSpeed); w.field("heading", m.heading)
            w.accuracy("sAcc", m.sAcc); w.accuracy("cAcc", m.cAcc)
        case let .navSTATUS(m):
            w.field("iTOW", m.iTOW); w.field("gpsFix", m.gpsFix); w.field("flags", m.flags)
            w.field("fixStat", m.fixStat); w.field("flags2", m.flags2); w.field("ttff", m.ttff); w.field("msss", m.msss)
        case let .navDOP(m):
            w.field("iTOW", m.iTOW); w.field("gDOP", m.gDOP); w.field("pDOP", m.pDOP); w.field("tDOP", m.tDOP)
            w.field("vDOP", m.vDOP); w.field("hDOP", m.hDOP); w.field("nDOP", m.nDOP); w.field("eDOP", m.eDOP)
        case let .navSAT(m):
            w.field("iTOW", m.iTOW); w.field("version", m.version); w.field("numSvs", m.numSvs)
            w.objects("svs", m) { o, s in
                o.field("gnssId", s.gnssId); o.field("svId", s.svId); o.field("cno", s.cno); o.field("elev", s.elev)
                o.field("azim", s.azim); o.field("prRes", s.prRes); o.field("flags", s.flags)
            }
        case let .navSIG(m):
            w.field("iTOW", m.iTOW); w.field("version", m.version); w.field("numSigs", m.numSigs)
            w.objects("sigs", m) { o, s in
                o.field("gnssId", s.gnssId); o.field("svId", s.svId); o.field("sigId", s.sigId)
                o.field("freqId", s.freqId); o.field("prRes", s.prRes); o.field("cno", s.cno)
                o.field("qualityInd", s.qualityInd); o.field("corrSource", s.corrSource)
                o.field("ionoModel", s.ionoModel); o.field("sigFlags", s.sigFlags)
            }
        case let .navSVINFO(m):
            w.field("iTOW", m.iTOW); w.field("numCh", m.numCh); w.field("globalFlags", m.globalFlags)
            w.objects("channels", m) { o, c in
                o.field("chn", c.chn); o.field("svid", c.svid); o.field("flags", c.flags); o.field("quality", c.quality)
                o.field("cno", c.cno); o.field("elev", c.elev); o.field("azim", c.azim); o.field("prRes", c.prRes)
            }
        case let .navTIMEUTC(m):
            w.field("iTOW", m.iTOW); w.accuracy("tAcc", m.tAcc); w.field("nano", m.nano); w.field("year", m.year)
            w.field("month", m.month); w.field("day", m.day); w.field("hour", m.hour); w.field("min", m.min)
            w.field("sec", m.sec); w.field("valid", m.valid)
        case let .navTIMEGPS(m):
            w.field("iTOW", m.iTOW); w.field("fTOW", m.fTOW); w.field("week", m.week); w.field("leapS", m.leapS)
            w.field("valid", m.valid); w.accuracy("tAcc", m.tAcc)
        case let .navTIMEGAL(m):
            w.field("iTOW", m.iTOW); w.field("galTow", m.galTow); w.field("fGalTow", m.fGalTow)
            w.field("galWno", m.galWno); w.field("leapS", m.leapS); w.field("valid", m.valid); w.accuracy("tAcc", m.tAcc)
        case let .navTIMELS(m):
            w.field("iTOW", m.iTOW); w.field("version", m.version); w.field("srcOfCurrLs", m.srcOfCurrLs)
            w.field("currLs", m.currLs); w.field("srcOfLsChange", m.srcOfLsChange); w.field("lsChange", m.lsChange)
            w.field("timeToLsEvent", m.timeToLsEvent); w.field("dateOfLsGpsWn", m.dateOfLsGpsWn)
            w.field("dateOfLsGpsDn", m.dateOfLsGpsDn); w.field("valid", m.valid)
        case let .navEOE(m):
            w.field("iTOW", m.iTOW)
        case let .navSOL(m):
            w.field("iTOW", m.iTOW); w.field("fTOW", m.fTOW); w.field("week", m.week); w.field("gpsFix", m.gpsFix)
            w.field("flags", m.flags); w.field("ecefX", m.ecefX); w.field("ecefY", m.ecefY); w.field("ecefZ", m.ecefZ)
            w.accuracy("pAcc", m.pAcc); w.field("ecefVX", m.ecefVX); w.field("ecefVY", m.ecefVY)
            w.field("ecefVZ", m.ecefVZ); w.accuracy("sAcc", m.sAcc); w.field("pDOP", m.pDOP); w.field("numSV", m.numSV)
        case let .navPOSECEF(m):
            w.field("iTOW", m.iTOW); w.field("ecefX", m.ecefX); w.field("ecefY", m.ecefY); w.field("ecefZ", m.ecefZ)
            w.accuracy("pAcc", m.pAcc)
        case let .navHPPOSECEF(m):
            w.field("version", m.version); w.field("iTOW", m.iTOW); w.field("ecefX", m.ecefX)
            w.field("ecefY", m.ecefY); w.field("ecefZ", m.ecefZ); w.field("ecefXHp", m.ecefXHp)
            w.field("ecefYHp", m.ecefYHp); w.field("ecefZHp", m.ecefZHp); w.field("flags", m.flags); w.accuracy("pAcc", m.pAcc)
        case let .navVELECEF(m):
            w.field("iTOW", m.iTOW); w.field("ecefVX", m.ecefVX); w.field("ecefVY", m.ecefVY)
            w.field("ecefVZ", m.ecefVZ); w.accuracy("sAcc", m.sAcc)
        case let .navPVAT(m):
            w.field("iTOW", m.iTOW); w.field("version", m.version); w.field("valid", m.valid); w.field("year", m.year)
            w.field("month", m.month); w.field("day", m.day); w.field("hour", m.hour); w.field("min", m.min)
            w.field("sec", m.sec); w.accuracy("tAcc", m.tAcc); w.field("nano", m.nano); w.field("fixType", m.fixType)
            w.field("flags", m.flags); w.field("flags2", m.flags2); w.field("numSV", m.numSV); w.field("lon", m.lon)
            w.field("lat", m.lat); w.field("height", m.height); w.field("hMSL", m.hMSL); w.accuracy("hAcc", m.hAcc)
            w.accuracy("vAcc", m.vAcc); w.field("velN", m.velN); w.field("velE", m.velE); w.field("velD", m.velD)
            w.field("gSpeed", m.gSpeed); w.accuracy("sAcc", m.sAcc); w.field("vehRoll", m.vehRoll)
            w.field("vehPitch", m.vehPitch); w.field("vehHeading", m.vehHeading); w.field("motHeading", m.motHeading)
        case let .hnrPVT(m):
            w.field("iTOW", m.iTOW); w.field("year", m.year); w.field("month", m.month); w.field("day", m.day)
            w.field("hour", m.hour); w.field("min", m.min); w.field("sec", m.sec); w.field("valid", m.valid)
            w.field("nano", m.nano); w.field("gpsFix", m.gpsFix); w.field("flags", m.flags); w.field("lon", m.lon)
            w.field("lat", m.lat); w.field("height", m.height); w.field("hMSL", m.hMSL); w.field("gSpeed", m.gSpeed)
            w.field("speed", m.speed); w.field("headMot", m.headMot); w.field("headVeh", m.headVeh)
            w.accuracy("hAcc", m.hAcc); w.accuracy("vAcc", m.vAcc); w.accuracy("sAcc", m.sAcc); w.accuracy("headAcc", m.headAcc)
        case let .logRETRIEVEPOS(m):
            w.field("entryIndex", m.entryIndex); w.field("lon", m.lon); w.field("lat", m.lat); w.field("hMSL", m.hMSL)
            w.accuracy("hAcc", m.hAcc); w.field("gSpeed", m.gSpeed); w.field("heading", m.heading)
            w.field("fixType", m.fixType); w.field("year", m.year); w.field("month", m.month); w.field("day", m.day)
            w.field("hour", m.hour); w.field("minute", m.minute); w.field("second", m.second); w.field("numSV", m.numSV)
        case let .timTP(m):
            w.field("towMS", m.towMS); w.field("towSubMS", m.towSubMS); w.field("qErr", m.qErr); w.field("week", m.week)
            w.field("flags", m.flags); w.field("refInfo", m.refInfo)
        case let .timSVIN(m):
            w.field("dur", m.dur); w.field("meanX", m.meanX); w.field("meanY", m.meanY); w.field("meanZ", m.meanZ)
            w.field("meanV", m.meanV); w.field("obs", m.obs); w.field("valid", m.valid); w.field("active", m.active)
        case let .navCLOCK(m):
            w.field("iTOW", m.iTOW); w.field("clkB", m.clkB); w.field("clkD", m.clkD); w.accuracy("tAcc", m.tAcc)
            w.field("fAcc", m.fAcc)
        case let .navEELL(m):
            w.field("iTOW", m.iTOW); w.field("version", m.version); w.field("errEllipseOrient", m.errEllipseOrient)
            w.field("errEllipseMajor", m.errEllipseMajor); w.field("errEllipseMinor", m.errEllipseMinor)
        case let .navSBAS(m):
            w.field("iTOW", m.iTOW); w.field("geo", m.geo); w.field("mode", m.mode); w.field("sys", m.sys)
            w.field("service", m.service); w.field("cnt", m.cnt); w.field("statusFlags", m.statusFlags)
            w.objects("svs", m) { o, v in
                o.field("svid", v.svid); o.field("flags", v.flags); o.field("udre", v.udre); o.field("svSys", v.svSys)
                o.field("svService", v.svService); o.field("prc", v.prc); o.field("ic", v.ic)
            }
        case let .navDGPS(m):
            w.field("iTOW", m.iTOW); w.field("age", m.age); w.field("baseId", m.baseId)
            w.field("baseHealth", m.baseHealth); w.field("numCh", m.numCh); w.field("status", m.status)
            w.objects("channels", m) { o, c in
                o.field("svid", c.svid); o.field("flags", c.flags); o.field("ageC", c.ageC)
                o.field("prc", Double(c.prc), decimals: 3); o.field("prrc", Double(c.prrc), decimals: 4)
            }
        case let .rxmRAWX(m):
            w.field("rcvTow", m.rcvTow, decimals: 9); w.field("week", m.week); w.field("leapS", m.leapS)
            w.field("numMeas", m.numMeas); w.field("recStat", m.recStat); w.field("version", m.version)
            w.objects("meas", m) { o, x in
                o.field("prMes", x.prMes, decimals: 3); o.field("cpMes", x.cpMes, decimals: 3)
                o.field("doMes", Double(x.doMes), decimals: 3); o.field("gnssId", x.gnssId); o.field("svId", x.svId)
                o.field("sigId", x.sigId); o.field("freqId", x.freqId); o.field("locktime", x.locktime)
                o.field("cno", x.cno); o.field("trkStat", x.trkStat)
            }
        case let .rxmRAW(m):
            w.field("iTOW", m.iTOW); w.field("week", m.week); w.field("numSV", m.numSV)
            w.objects("meas", m) { o, x in
                o.field("cpMes", x.cpMes, decimals: 3); o.field("prMes", x.prMes, decimals: 3)
                o.field("doMes", Double(x.doMes), decimals: 3); o.field("sv", x.sv); o.field("mesQI", x.mesQI)
                o.field("cno", x.cno); o.field("lli", x.lli)
            }
        case let .rxmSFRBX(m):
            w.field("gnssId", m.gnssId); w.field("svId", m.svId); w.field("sigId", m.sigId); w.field("freqId", m.freqId)
            w.field("numWords", m.numWords); w.field("chn", m.chn); w.field("version", m.version)
            w.integers("dwrd", m)
        case let .rxmSVSI(m):
            w.field("iTOW", m.iTOW); w.field("week", m.week); w.field("numVis", m.numVis); w.field("numSV", m.numSV)
            w.objects("svs", m) { o, v in
                o.field("svid", v.svid); o.field("svFlag", v.svFlag); o.field("azim", v.azim); o.field("elev", v.elev)
                o.field("age", v.age)
            }
        case let .logRETRIEVEPOSEXTRA(m):
            w.field("entryIndex", m.entryIndex); w.field("version", m.version); w.field("year", m.year)
            w.field("month", m.month); w.field("day", m.day); w.field("hour", m.hour); w.field("minute", m.minute)
            w.field("second", m.second); w.field("distance", m.distance)
        case let .cfgTMODE2(m):
            w.field("timeMode", m.timeMode); w.field("flags", m.flags); w.field("ecefXOrLat", m.ecefXOrLat)
            w.field("ecefYOrLon", m.ecefYOrLon); w.field("ecefZOrAlt", m.ecefZOrAlt)
            w.field("fixedPosAcc", m.fixedPosAcc); w.field("svinMinDur", m.svinMinDur)
            w.field("svinAccLimit", m.svinAccLimit)
        case let .cfgVALGET(m):
            w.field("version", m.version); w.field("layer", m.layer); w.field("position", m.position)
            w.objects("cfgData", m) { o, item in
                o.field("key", item.key.rawValue); o.field("value", item.value)
            }
        case let .ack(m):
            w.field("clsID", m.clsID); w.field("msgID", m.msgID); w.field("acknowledged", m.acknowledged.name)
        case let .monVER(m):
            w.field("swVersion", m.swVersion); w.field("hwVersion", m.hwVersion)
            w.strings("extension", m.extensions)
        case let .inf(m):
            w.field("text", m.text)
        case let .other(_, payload):
            w.field("length", payload.count)
            w.quoted("payload") { $0.appendHex(payload) }
        case let .poll(_, payload):
            w.field("poll", true)
            if !payload.isEmpty { w.quoted("payload") { $0.appendHex(payload) } }
        case let .malformed(error, payload):
            w.field("error", error.description)
            w.quoted("payload") { $0.appendHex(payload) }
        }
        w.end()
    }
}

extension JSONByteWriter {
    /// A UBX accuracy field (U4); 0xFFFFFFFF, the receivers' "no estimate yet", is left out.
    mutating func accuracy(_ key: StaticString, _ v: UInt32) {
        if v != .max { field(key, v) }
    }
}
