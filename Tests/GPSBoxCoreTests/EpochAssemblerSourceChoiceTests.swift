// The source of every epoch is chosen on its own. An epoch with NAV-PVT is read
// from it; an epoch whose NAV-PVT was lost or damaged is read from its own NMEA; a module that
// falls back to NMEA-only output keeps producing fixes, and one that starts UBX again is read
// from UBX again. Nothing depends on how the bytes were cut into reads.

import Testing
@testable import GPSBoxCore

/// RMC, GGA and GSA of 09:00:`second` on 2026-11-30 (the day UBXSample.pvt uses).
private func nmeaEpoch(_ second: Int) -> [String] {
    let t = "0900\(second < 10 ? "0" : "")\(second).00"
    return ["GNRMC,\(t),A,4723.86200,N,00832.40000,E,1.944,77.52,301126,,,A",
            "GNGGA,\(t),4723.86200,N,00832.40000,E,1,09,0.95,450.5,M,47.6,M,,",
            "GNGSA,A,3,02,08,10,23,27,,,,,,,,1.80,0.95,1.40,1"]
}

private func pvtFrame(_ second: Int) -> [UInt8] {
    guard case .navPVT(let m) = UBXSample.pvt(iTOW: UInt32(second) * 1000, second: UInt8(second)) else { return [] }
    return UBXFrameBuilder.frame(class: 0x01, id: 0x07, payload: m.payload)
}

private func bytes(_ bodies: [String]) -> [UInt8] { bodies.flatMap { Array(sentence($0)) + [13, 10] } }

/// The fixes of `stream`, fed in pieces of the given sizes (cycled).
private func fixes(_ stream: [UInt8], chunks: [Int] = [1 << 20]) -> [Fix] {
    var splitter = FrameSplitter()
    var a = EpochAssembler()
    var out: [Fix] = []
    var offset = 0, k = 0
    while offset < stream.count {
        let n = min(chunks[k % chunks.count], stream.count - offset)
        splitter.feed(stream[offset..<(offset + n)]) { a.consume($0) { out.append($0) } }
        offset += n
        k += 1
    }
    splitter.finish { a.consume($0) { out.append($0) } }
    a.flush { out.append($0) }
    return out
}

private func seconds(_ f: [Fix]) -> [Int?] { f.map { $0.time?.civil.second } }
private func sources(_ f: [Fix]) -> [FixSource?] { f.map { $0.provenance.position } }

@Suite struct EpochAssemblerSourceChoiceTests {
    @Test(arguments: [true, false])
    func anEpochWhoseNAVPVTIsLostIsReadFromItsNMEA(ubxFirst: Bool) {
        var stream: [UInt8] = []
        for s in 25...27 {
            let nmea = bytes(nmeaEpoch(s))
            let pvt = s == 26 ? [] : pvtFrame(s)
            stream += ubxFirst ? pvt + nmea : nmea + pvt
        }
        let out = fixes(stream)
        #expect(seconds(out) == [25, 26, 27], "one fix per epoch, in time order")
        #expect(sources(out) == [.navPVT, .gga, .navPVT])
        #expect(out[1].time?.rfc3339 == "2026-11-30T09:00:26.000Z" && out[1].mode == .threeD)
    }

    @Test func aDamagedNAVPVTIsLikeALostOne() {
        var damaged = pvtFrame(26)
        damaged[20] ^= 0xFF // checksum no longer matches: the splitter discards the frame
        let stream = pvtFrame(25) + bytes(nmeaEpoch(25)) + damaged + bytes(nmeaEpoch(26))
        let out = fixes(stream)
        #expect(seconds(out) == [25, 26] && sources(out) == [.navPVT, .gga])
    }

    @Test func ubxThenNMEAOnlyThenUBXAgain() {
        var stream: [UInt8] = []
        for s in 20...29 {
            stream += bytes(nmeaEpoch(s))
            if s < 23 || s > 26 { stream += pvtFrame(s) } // the module reset: NAV-PVT off for 4 s
        }
        let out = fixes(stream)
        #expect(seconds(out) == Array(20...29))
        #expect(sources(out) == [.navPVT, .navPVT, .navPVT, .gga, .gga, .gga, .gga, .navPVT, .navPVT, .navPVT])
        #expect(out.allSatisfy { $0.receiverValid && $0.time != nil })
    }

    @Test func theNMEAOfAnEpochWithNAVPVTIsNotUsed() {
        var stream: [UInt8] = []
        for s in 40...44 { stream += bytes(nmeaEpoch(s)) + pvtFrame(s) }
        let out = fixes(stream)
        #expect(out.count == 5 && sources(out).allSatisfy { $0 == .navPVT })
    }

    @Test func fixesDoNotDependOnChunking() {
        var stream: [UInt8] = []
        for s in 10...30 {
            let pvt = s % 3 == 0 ? [] : pvtFrame(s)
            stream += s % 2 == 0 ? pvt + bytes(nmeaEpoch(s)) : bytes(nmeaEpoch(s)) + pvt
        }
        let whole = fixes(stream)
        #expect(whole.count == 21)
        for sizes in [[1], [3, 7, 64], [100, 1, 13], [4096]] {
            #expect(fixes(stream, chunks: sizes) == whole, "chunks \(sizes)")
        }
    }

    @Test func satelliteMessagesAloneDoNotHideTheNMEAFix() {
        // NAV-PVT lost, the epoch's NAV-DOP arrived: the epoch has no UBX solution.
        var a = EpochAssembler()
        var out: [Fix] = []
        a.consumeUBX(UBXSample.dop(26_000)) { out.append($0) }
        for b in nmeaEpoch(26) { a.consumeNMEA(sentence(b)) { out.append($0) } }
        a.flush { out.append($0) }
        #expect(out.count == 1 && out.first?.provenance.position == .gga)
    }
}

// An NMEA epoch that says "no fix" (RMC status V, GGA quality 0) between UBX epochs is read as
// no fix: never a 3D fix at the position it still carries.
/// `gsa`: 0 none, else the GSA navigation mode. A u-blox module whose solution fails its masks
/// (gnssFixOK false) still says mode 3 in GSA while RMC says V and GGA 0 (M8 Receiver
/// Description §31.1.7, "Position fix flags in NMEA mode").
private func noFixEpoch(_ second: Int, withPosition: Bool, gsa: Int) -> [String] {
    let t = "0900\(second < 10 ? "0" : "")\(second).00"
    let p = withPosition ? "4723.86200,N,00832.40000,E" : ",,,"
    var out = ["GNRMC,\(t),V,\(p),0.010,,301126,,,N",
               "GNGGA,\(t),\(p),0,00,99.99,\(withPosition ? "450.5" : ""),M,47.6,M,,"]
    if gsa == 1 { out.append("GNGSA,A,1,,,,,,,,,,,,,99.99,99.99,99.99,1") }
    if gsa == 3 { out.append("GNGSA,A,3,02,08,10,23,27,,,,,,,,9.80,8.95,4.40,1") }
    return out
}

@Suite struct EpochAssemblerNoFixTests {
    @Test(arguments: [(true, 1), (true, 0), (true, 3), (false, 1), (false, 0), (false, 3)])
    func aNoFixNMEAEpochAfterUBXEpochsIsNoFix(withPosition: Bool, gsa: Int) {
        var stream: [UInt8] = []
        for s in 20...25 { stream += pvtFrame(s) + bytes(nmeaEpoch(s)) }
        stream += bytes(noFixEpoch(26, withPosition: withPosition, gsa: gsa))
        for s in 27...28 { stream += pvtFrame(s) + bytes(nmeaEpoch(s)) }
        let out = fixes(stream)
        let at26 = out.filter { $0.time?.civil.second == 26 }
        for f in at26 {
            #expect(f.mode == .none, "mode \(f.mode) at 26 from \(String(describing: f.provenance.position))")
            #expect(!f.receiverValid)
        }
        #expect(out.filter { $0.mode == .threeD }.count == 8)
    }
}
