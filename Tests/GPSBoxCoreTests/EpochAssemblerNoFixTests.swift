// An NMEA epoch that says "no fix" (RMC status V, GGA quality 0, GSA mode 1) between UBX
// epochs is read as no fix: never a 3D fix at the position it still carries.
import Testing
@testable import GPSBoxCore

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

private func goodEpoch(_ second: Int) -> [String] {
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

private func fixes(_ stream: [UInt8]) -> [Fix] {
    var splitter = FrameSplitter()
    var a = EpochAssembler()
    var out: [Fix] = []
    splitter.feed(stream[...]) { a.consume($0) { out.append($0) } }
    splitter.finish { a.consume($0) { out.append($0) } }
    a.flush { out.append($0) }
    return out
}

@Suite struct EpochAssemblerNoFixTests {
    @Test(arguments: [(true, 1), (true, 0), (true, 3), (false, 1), (false, 0), (false, 3)])
    func aNoFixNMEAEpochAfterUBXEpochsIsNoFix(withPosition: Bool, gsa: Int) {
        var stream: [UInt8] = []
        for s in 20...25 { stream += pvtFrame(s) + bytes(goodEpoch(s)) }
        stream += bytes(noFixEpoch(26, withPosition: withPosition, gsa: gsa))
        for s in 27...28 { stream += pvtFrame(s) + bytes(goodEpoch(s)) }
        let out = fixes(stream)
        let at26 = out.filter { $0.time?.civil.second == 26 }
        for f in at26 {
            #expect(f.mode == .none, "mode \(f.mode) at 26 from \(String(describing: f.provenance.position))")
            #expect(!f.receiverValid)
        }
        #expect(out.filter { $0.mode == .threeD }.count == 8)
    }
}
