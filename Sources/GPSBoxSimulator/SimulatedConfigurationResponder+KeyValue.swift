// The M10 key/value configuration interface (u-blox M10 SPG 5.10 Interface Description
// §3.10.26 CFG-VALSET, §3.10.27 CFG-VALGET, keys §6.9). A key's bits 28-30 give its value
// size: 1 = one bit (sent as one byte), 2 = 1 byte, 3 = 2, 4 = 4, 5 = 8 bytes.
import GPSBoxCore

extension SimulatedConfigurationResponder {
    static let rateMeas = UBXConfigKey.rateMeas.rawValue
    static let rateNav = UBXConfigKey.rateNav.rawValue
    static let uart1Baudrate = UBXConfigKey.uart1Baudrate.rawValue
    static let uart1OutProtUBX = UBXConfigKey.uart1OutprotUBX.rawValue
    static let uart1OutProtNMEA = UBXConfigKey.uart1OutprotNMEA.rawValue
    static let uart1InProtUBX = UBXConfigKey.uart1InprotUBX.rawValue
    static let uart1InProtNMEA = UBXConfigKey.uart1InprotNMEA.rawValue
    static let navspgDynModel = UBXConfigKey.navspgDynmodel.rawValue

    static func valueSize(_ key: UInt32) -> Int? {
        switch (key >> 28) & 0x7 {
        case 1, 2: return 1
        case 3: return 2
        case 4: return 4
        case 5: return 8
        default: return nil
        }
    }

    /// CFG-VALSET: version (0), layers (bit 0 RAM, 1 BBR, 2 flash), 2 reserved, key/value
    /// pairs. Any unknown key or bad value NAKs the whole message and changes nothing, as the
    /// module does.
    mutating func valueSet(_ p: [UInt8]) -> Bool {
        guard p.count >= 4, p[0] <= 1 else { return false }
        let layers = p[1]
        var ram = current, stored = saved
        var i = 4
        while i < p.count {
            guard i + 4 <= p.count else { return false }
            let key: UInt32 = p.le(i)
            guard let size = Self.valueSize(key), i + 4 + size <= p.count else { return false }
            var value: UInt64 = 0
            for k in 0..<size { value |= UInt64(p[i + 4 + k]) << (8 * k) }
            if layers & 1 != 0 { guard Self.apply(key, value, to: &ram) else { return false } }
            if layers & 6 != 0 { guard Self.apply(key, value, to: &stored) else { return false } }
            i += 4 + size
        }
        current = ram
        saved = stored
        return true
    }

    /// CFG-VALGET poll: version 0, layer (0 RAM, 1 BBR, 2 flash, 7 default), position U2,
    /// keys. The answer repeats the header as version 1 with each key's value.
    mutating func valueGet(_ p: [UInt8], reply: inout [UInt8]) -> Bool {
        guard p.count >= 8, (p.count - 4) % 4 == 0, p[0] == 0 else { return false }
        let source: SimulatedReceiver.Configuration
        switch p[1] {
        case 0: source = current
        case 1, 2: source = saved
        case 7: source = factory
        default: return false
        }
        var r: [UInt8] = [1, p[1], p[2], p[3]]
        for i in stride(from: 4, to: p.count, by: 4) {
            let key: UInt32 = p.le(i)
            guard let size = Self.valueSize(key), let value = Self.value(key, in: source) else { return false }
            r.appendLE(key)
            for k in 0..<size { r.append(UInt8(truncatingIfNeeded: value >> (8 * k))) }
        }
        UBXFrameBuilder.append(class: 0x06, id: 0x8B, payload: r, to: &reply)
        return true
    }

    static func apply(_ key: UInt32, _ v: UInt64, to c: inout SimulatedReceiver.Configuration) -> Bool {
        switch key {
        case rateMeas:
            guard v >= 25 else { return false }
            c.measurementPeriodMs = Int(v)
        case rateNav:
            guard (1...127).contains(v) else { return false }
            c.navigationRatio = Int(v)
        case uart1Baudrate:
            guard standardBauds.contains(Int(v)) else { return false }
            c.baud = Int(v)
        case uart1OutProtUBX: c.ubxOutput = v & 1 != 0
        case uart1OutProtNMEA: c.nmeaOutput = v & 1 != 0
        case uart1InProtUBX, uart1InProtNMEA: break  // input protocols stay on (not modelled)
        case navspgDynModel:
            guard validDynamicModels.contains(Int(v)) else { return false }
            c.dynamicModel = Int(v)
        default:
            if let m = SimulatedMessage(uart1Key: key) {
                c.rates[m] = Int(v & 0xFF)
            } else {
                // CFG-MSGOUT (group 0x91) keys of the I2C and SPI ports: valid, not modelled.
                guard (key >> 16) & 0xFF == 0x91, SimulatedMessage.allCases.contains(where: {
                    key &- $0.uart1Key == UInt32(bitPattern: -1) || key &- $0.uart1Key == 3
                }) else { return false }
            }
        }
        return true
    }

    static func value(_ key: UInt32, in c: SimulatedReceiver.Configuration) -> UInt64? {
        switch key {
        case rateMeas: return UInt64(c.measurementPeriodMs)
        case rateNav: return UInt64(c.navigationRatio)
        case uart1Baudrate: return UInt64(c.baud)
        case uart1OutProtUBX: return c.ubxOutput ? 1 : 0
        case uart1OutProtNMEA: return c.nmeaOutput ? 1 : 0
        case uart1InProtUBX, uart1InProtNMEA: return 1
        case navspgDynModel: return UInt64(c.dynamicModel)
        default: return SimulatedMessage(uart1Key: key).map { UInt64(c.rate($0)) }
        }
    }
}
