// UBXMessage dispatch, ids and names, typed errors for short payloads, the u-blox 7 (84-byte)
// NAV-PVT, and the one-line JSON of `decode --format messages`.

import Foundation
import Testing
@testable import GPSBoxCore

@Suite struct UBXMessageTests {
    @Test(arguments: [
        (UBXMessageID.navPVT, "NAV-PVT", UInt8(0x01), UInt8(0x07)), (.navSOL, "NAV-SOL", 0x01, 0x06),
        (.ackNAK, "ACK-NAK", 0x05, 0x00), (.monVER, "MON-VER", 0x0A, 0x04), (.hnrPVT, "HNR-PVT", 0x28, 0x00),
        (.cfgVALSET, "CFG-VALSET", 0x06, 0x8A), (UBXMessageID(class: 0x01, id: 0x99), "NAV-0x99", 0x01, 0x99),
        (UBXMessageID(class: 0xF0, id: 0x01), "0xF0-0x01", 0xF0, 0x01),
    ])
    func idsAreClassShiftedEightPlusIDWithTheManualsName(_ c: (UBXMessageID, String, UInt8, UInt8)) {
        #expect(c.0.name == c.1)
        #expect(c.0.messageClass == c.2 && c.0.id == c.3)
        #expect(c.0.rawValue == UInt16(c.2) << 8 | UInt16(c.3))
        #expect(UBXMessageID(class: c.2, id: c.3) == c.0)
    }

    @Test(arguments: [
        (UBXMessageID.navPVT, 83, 84), (.navPOSLLH, 27, 28), (.navSOL, 1, 52), (.navDOP, 17, 18), (.navEOE, 3, 4),
        (.navTIMEUTC, 19, 20), (.navTIMEGPS, 15, 16), (.navSAT, 7, 8), (.ackACK, 1, 2), (.monVER, 39, 40),
        (.hnrPVT, 71, 72), (.navVELNED, 35, 36), (.navHPPOSLLH, 35, 36),
    ])
    func shortPayloadsAreRuntsNamingLengthAndMinimum(_ c: (UBXMessageID, Int, Int)) {
        let payload = [UInt8](repeating: 0, count: c.1)[...]
        guard case let .malformed(error, _) = UBXMessage(id: c.0, payload: payload) else {
            Issue.record("\(c.0.name) with \(c.1) bytes was not rejected")
            return
        }
        #expect(error == .runt(c.0, length: c.1, minimum: c.2))
        #expect(error.description.contains(c.0.name) && error.description.contains("\(c.1) bytes"))
    }

    @Test func satelliteCountBeyondThePayloadIsALengthMismatch() {
        var p = [UInt8](repeating: 0, count: 8 + 12)
        p[4] = 1
        p[5] = 3  // three blocks announced, one sent
        guard case let .malformed(error, _) = UBXMessage(id: .navSAT, payload: p[...]) else {
            Issue.record("not rejected")
            return
        }
        #expect(error == .lengthMismatch(.navSAT, length: 20, expected: 44))
    }

    /// usedCount reads bit 3 of each block's flags straight off the payload; it must count what
    /// the per-satellite view says, in a slice that does not start at index 0.
    @Test func usedCountIsTheSatellitesWithSvUsedSet() throws {
        var p = [UInt8](repeating: 0xEE, count: 3) + [UInt8](repeating: 0, count: 8 + 12 * 4) + [0xFF]
        p[3 + 4] = 1
        p[3 + 5] = 4
        for (i, flags) in [UInt8(0x08), 0x07, 0xFF, 0x0F].enumerated() { p[3 + 8 + 12 * i + 8] = flags }
        p[3 + 8 + 12 * 1 + 9] = 0x08  // a set bit in the next flags byte is not svUsed
        let sat = try NavSAT(p[3..<(p.count - 1)])
        #expect(sat.usedCount == 3)
        #expect(sat.usedCount == sat.filter(\.svUsed).count)
        let none: [UInt8] = [0, 0, 0, 0, 1, 0, 0, 0]  // version 1, no satellites
        #expect(try NavSAT(none[...]).usedCount == 0)
    }

    @Test func valgetAnswerIsReadByKeyAndMustFillThePayload() throws {
        var p: [UInt8] = [1, 0, 0, 0]
        p += [0x01, 0x00, 0x21, 0x30, 0x64, 0x00]              // CFG-RATE-MEAS = 100 (U2)
        p += [0x01, 0x00, 0x52, 0x40, 0x00, 0xC2, 0x01, 0x00]  // CFG-UART1-BAUDRATE = 115200 (U4)
        p += [0x02, 0x00, 0x74, 0x10, 0x00]                    // CFG-UART1OUTPROT-NMEA = false (L)
        let answer = try CfgVALGETResponse(p[...])
        #expect(answer[.rateMeas] == 100 && answer[.uart1Baudrate] == 115_200 && answer[.uart1OutprotNMEA] == 0)
        #expect(answer[.navspgDynmodel] == nil)
        #expect(throws: UBXError.lengthMismatch(.cfgVALGET, length: 22, expected: 23)) {
            try CfgVALGETResponse(p.dropLast()[...])
        }
        #expect(throws: UBXError.unknownConfigKeySize(.cfgVALGET, key: 0x7000_0001)) {
            try CfgVALGETResponse(([1, 0, 0, 0, 0x01, 0x00, 0x00, 0x70, 0] as [UInt8])[...])
        }
    }

    /// Host poll requests in u-center captures are polls, not malformed receiver output.
    @Test func pollRequestsAreRecognised() {
        for id in [UBXMessageID.monVER, .navPVT, .cfgVALGET, .navSAT] {
            guard case .poll(let polled, let payload) = UBXMessage(id: id, payload: [][...]) else {
                Issue.record("\(id.name) with an empty payload is not a poll")
                continue
            }
            #expect(polled == id && payload.isEmpty)
        }
        // CFG-VALGET request: version 0, layer 0 (RAM), position 0, two keys without values.
        let request: [UInt8] = [0, 0, 0, 0, 0x01, 0x00, 0x21, 0x30, 0x01, 0x00, 0x52, 0x40]
        let m = UBXMessage(id: .cfgVALGET, payload: request[...])
        guard case .poll = m else { Issue.record("CFG-VALGET request read as \(m)"); return }
        #expect(m.jsonLine.contains("\"poll\":true"))
        // A response (version 1) with a missing value byte is still malformed.
        guard case .malformed = UBXMessage(id: .cfgVALGET, payload: ([1, 0, 0, 0, 0x01, 0x00, 0x21, 0x30, 0x64] as [UInt8])[...]) else {
            Issue.record("a short CFG-VALGET response is not malformed")
            return
        }
    }

    @Test func uBlox7NavPVTHasNoVehicleHeadingTail() throws {
        let p = [UInt8](repeating: 0, count: 84)[...]
        guard case let .navPVT(m) = UBXMessage(id: .navPVT, payload: p) else {
            Issue.record("84-byte NAV-PVT rejected")
            return
        }
        #expect(m.headVeh == nil && m.magDec == nil && m.magAcc == nil)
    }

    @Test func unknownMessagesStayRawAndINFIsText() {
        let raw = UBXMessage(id: UBXMessageID(class: 0x0A, id: 0x09), payload: [1, 2, 3][...])
        guard case let .other(id, payload) = raw else {
            Issue.record("MON-HW should be raw")
            return
        }
        #expect(id == .monHW && payload.count == 3)
        #expect(raw.jsonLine == #"{"class":"UBX","type":"MON-HW","length":3,"payload":"010203"}"#)

        let inf = UBXMessage(id: .infNOTICE, payload: Array("ANTSTATUS=OK\u{0}".utf8)[...])
        guard case let .inf(m) = inf else {
            Issue.record("INF-NOTICE not decoded")
            return
        }
        #expect(m.level == .notice && m.text == "ANTSTATUS=OK")
        #expect(inf.jsonLine == #"{"class":"UBX","type":"INF-NOTICE","text":"ANTSTATUS=OK"}"#)
    }

    @Test func everyDecodedMessageRendersAsOneJSONObject() throws {
        let messages = [UBXSample.pvt(iTOW: 1), UBXSample.dop(1), UBXSample.eoe(1),
                        UBXSample.sol(iTOW: 1, week: 2000, ecef: (1, 2, 3)), UBXSample.timegps(iTOW: 1, week: 2000, leapS: 18),
                        UBXMessage(id: .ackACK, payload: [0x06, 0x8A][...]),
                        UBXMessage(id: .navPVT, payload: [0][...])]
        for m in messages {
            let line = m.jsonLine
            #expect(!line.contains("\n"))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["class"] as? String == "UBX")
            #expect(object["type"] as? String == m.id.name)
        }
        #expect(UBXMessage(id: .ackACK, payload: [0x06, 0x8A][...]).jsonLine.contains(#""acknowledged":"CFG-VALSET""#))
        #expect(UBXMessage(id: .navPVT, payload: [0][...]).jsonLine.contains("at least 84 expected"))
    }
}
