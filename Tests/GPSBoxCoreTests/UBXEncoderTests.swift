// Every frame the daemon sends, byte for byte against pyubx2's encoding of the same message
// (Fixtures/ubx_encoders.json, made by Fixtures/ubx_encoders.py).

import Foundation
import Testing
@testable import GPSBoxCore

private let pyubx2Frames: [String: String] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ubx_encoders.json")
    guard let data = try? Data(contentsOf: url),
          let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
    return root["frames"] as? [String: String] ?? [:]
}()

private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

struct EncoderCase: Sendable, CustomTestStringConvertible {
    let name: String
    let message: any UBXEncodable
    var testDescription: String { name }
}

private func valset(_ layers: UBXConfigLayers, _ items: [(UBXConfigKey, UInt64)]) -> CfgVALSET {
    var m = CfgVALSET(layers: layers)
    for (k, v) in items { m.set(k, v) }
    return m
}

let encoderCases: [EncoderCase] = [
    EncoderCase(name: "poll NAV-PVT", message: UBXPoll(.navPVT)),
    EncoderCase(name: "poll MON-VER", message: UBXPoll(.monVER)),
    EncoderCase(name: "poll CFG-PRT UART1", message: UBXPoll(.cfgPRT, selector: [1])),
    EncoderCase(name: "poll CFG-MSG NAV-SAT", message: UBXPoll(.cfgMSG, selector: [0x01, 0x35])),
    EncoderCase(name: "CFG-VALSET rate+msgout RAM", message: valset(.ram, [
        (.rateMeas, 100), (.msgoutNavPVTUART1, 1), (.msgoutNavSATUART1, 5), (.msgoutNavDOPUART1, 1),
        (.msgoutNavEOEUART1, 1)])),
    EncoderCase(name: "CFG-VALSET i2c RAM+BBR+flash", message: valset([.ram, .bbr, .flash], [
        (.msgoutNavPVTI2C, 1), (.msgoutNavSATI2C, 1), (.msgoutNavDOPI2C, 1), (.i2cOutprotNMEA, 0),
        (.i2cOutprotUBX, 1), (.i2cAddress, 0x84)])),
    EncoderCase(name: "CFG-VALSET uart1 BBR", message: valset(.bbr, [
        (.uart1Baudrate, 115_200), (.uart1OutprotNMEA, 0), (.uart1OutprotUBX, 1), (.uart1InprotUBX, 1),
        (.navspgDynmodel, UInt64(UBXDynamicModel.automotive.rawValue))])),
    EncoderCase(name: "CFG-VALGET RAM", message: CfgVALGET(layer: .ram, keys: [
        .rateMeas, .uart1Baudrate, .navspgDynmodel, .msgoutNavPVTUART1])),
    EncoderCase(name: "CFG-VALGET flash", message: CfgVALGET(layer: .flash, keys: [.i2cAddress, .i2cOutprotNMEA])),
    EncoderCase(name: "CFG-PRT UART1 115200 UBX out", message: CfgPRT.uart1(baudRate: 115_200, output: .ubx)),
    EncoderCase(name: "CFG-PRT UART1 9600 UBX+NMEA out", message: CfgPRT.uart1(baudRate: 9600, output: [.ubx, .nmea])),
    EncoderCase(name: "CFG-PRT DDC 0x42 UBX out", message: CfgPRT.i2c(output: .ubx)),
    EncoderCase(name: "CFG-MSG NAV-PVT 1", message: CfgMSG(.navPVT, portRates: (0, 1, 0, 0, 0, 0))),
    EncoderCase(name: "CFG-MSG NAV-SAT short", message: CfgMSG(.navSAT, rate: 5)),
    EncoderCase(name: "CFG-RATE 10 Hz", message: CfgRATE(hertz: 10)),
    EncoderCase(name: "CFG-RATE 1 Hz", message: CfgRATE(measRate: 1000)),
    EncoderCase(name: "CFG-CFG save all", message: CfgCFG.saveAll),
] + UBXDynamicModel.allCases.map { EncoderCase(name: "CFG-NAV5 \($0)", message: CfgNAV5(dynModel: $0)) }

@Suite struct UBXEncoderTests {
    @Test func everyPyubx2FrameHasAnEncoderCase() {
        #expect(pyubx2Frames.count == encoderCases.count)
        #expect(Set(pyubx2Frames.keys) == Set(encoderCases.map(\.name)))
    }

    @Test(arguments: encoderCases)
    func matchesPyubx2ByteForByte(_ c: EncoderCase) throws {
        let expected = try #require(pyubx2Frames[c.name], "no pyubx2 frame named \(c.name)")
        #expect(hex(c.message.frame) == expected)
    }

    @Test func configKeySizesFollowTheKeyIDSizeCode() {
        #expect(UBXConfigKey.rateMeas.valueSize == 2)
        #expect(UBXConfigKey.uart1Baudrate.valueSize == 4)
        #expect(UBXConfigKey.uart1OutprotNMEA.valueSize == 1)  // one bit, stored in a byte
        #expect(UBXConfigKey.navspgDynmodel.valueSize == 1)
        #expect(UBXConfigKey(rawValue: 0x5000_0001).valueSize == 8)
        #expect(UBXConfigKey(rawValue: 0x7000_0001).valueSize == 0)
    }

    @Test func frameCarriesClassIDAndLengthOfThePayload() {
        let f = CfgRATE(hertz: 5).frame
        #expect(Array(f.prefix(6)) == [0xB5, 0x62, 0x06, 0x08, 6, 0])
        #expect(f.count == 6 + 6 + 2)
        #expect(UBXMessageID(class: f[2], id: f[3]) == .cfgRATE)
    }
}
