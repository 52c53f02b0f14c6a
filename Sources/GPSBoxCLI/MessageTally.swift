// `decode --format stats` counts every frame by message type. Counting by name would build and
// hash a String per frame; instead each frame gets a 64-bit key from what it already holds (the
// UBX class and id, the address bytes of an NMEA type gpsbox does not decode, the SiRF MID, the
// RTCM3 message number) and the counts live in a fixed open-addressing table; the NMEA types
// gpsbox decodes, most of an NMEA stream, are counted in an array by type. Names are built
// once, at the end, and keys that name alike (none in practice) are added together, so the
// result is what a table keyed by name would hold.
import GPSBoxCore

struct MessageTally {
    private var keys = [UInt64](repeating: 0, count: 256)
    private var counts = [Int](repeating: 0, count: 256)
    private var used = 0
    /// The decoded sentence types, by `NMEASentenceType` index: one add, no hashing.
    private var sentences = [Int](repeating: 0, count: Self.nmeaNames.count)
    /// NMEA addresses too long to pack into a key (rare, odd receivers).
    private var longAddresses: [String: Int] = [:]

    // The key's top byte says what the rest is.
    private static let ubxTag: UInt64 = 1 << 56, addressTag: UInt64 = 3 << 56
    private static let sirfTag: UInt64 = 4 << 56, rtcm3Tag: UInt64 = 5 << 56

    mutating func count(ubx id: UBXMessageID) { add(Self.ubxTag | UInt64(id.rawValue)) }
    mutating func count(sirf mid: Int) { add(Self.sirfTag | UInt64(mid & 0xFF)) }
    mutating func count(rtcm3 number: Int) { add(Self.rtcm3Tag | UInt64(number & 0xFFF)) }

    /// A sentence by its type; `address` (as sent) names the types gpsbox does not decode.
    mutating func count(_ type: NMEASentenceType, address: ArraySlice<UInt8>) {
        let index: UInt64
        switch type {
        case .gga: index = 0
        case .rmc: index = 1
        case .gsa: index = 2
        case .gsv: index = 3
        case .vtg: index = 4
        case .gll: index = 5
        case .gns: index = 6
        case .zda: index = 7
        case .txt: index = 8
        case .pubx00: index = 9
        case .pubx04: index = 10
        case .other:
            // Up to 6 address bytes and their count packed below the tag.
            guard address.count <= 6 else {
                longAddresses[String(decoding: address, as: UTF8.self), default: 0] += 1
                return
            }
            var packed = UInt64(address.count) << 48
            for (i, b) in address.enumerated() { packed |= UInt64(b) << (8 * UInt64(i)) }
            add(Self.addressTag | packed)
            return
        }
        sentences[Int(index)] += 1
    }

    /// Fibonacci hashing: the top bits of key × 2^64/φ, masked to the table.
    private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: ((key ^ (key >> 29)) &* 0x9E37_79B9_7F4A_7C15) >> 40) & (keys.count - 1)
    }

    private mutating func add(_ key: UInt64) {
        var i = home(key)
        while true {
            if keys[i] == key { counts[i] += 1; return }
            if keys[i] == 0 { break }
            i = (i + 1) & (keys.count - 1)
        }
        keys[i] = key
        counts[i] = 1
        used += 1
        if used * 2 > keys.count { grow() }
    }

    private mutating func grow() {
        let old = zip(keys, counts).filter { $0.0 != 0 }
        keys = [UInt64](repeating: 0, count: keys.count * 2)
        counts = [Int](repeating: 0, count: keys.count)
        used = 0
        for (k, n) in old {
            add(k)
            counts[slot(k)] = n
        }
    }

    private func slot(_ key: UInt64) -> Int {
        var i = home(key)
        while keys[i] != key { i = (i + 1) & (keys.count - 1) }
        return i
    }

    /// The counts by name (`NAV-PVT`, `GGA`, `PUBX,00`, `SIRF-2`, `RTCM3-1005`), sorted by name.
    var byName: [(name: String, count: Int)] {
        var named = longAddresses
        for (k, n) in zip(keys, counts) where k != 0 { named[Self.name(k), default: 0] += n }
        for (i, n) in sentences.enumerated() where n > 0 { named[Self.nmeaNames[i], default: 0] += n }
        return named.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private static let nmeaNames = ["GGA", "RMC", "GSA", "GSV", "VTG", "GLL", "GNS", "ZDA", "TXT", "PUBX,00", "PUBX,04"]

    private static func name(_ key: UInt64) -> String {
        let value = key & (1 << 56 - 1)
        switch key & ~(1 << 56 - 1) {
        case ubxTag: return UBXMessageID(rawValue: UInt16(value)).name
        case sirfTag: return "SIRF-\(value)"
        case rtcm3Tag: return "RTCM3-\(value)"
        default:
            let n = Int(value >> 48)
            return String(decoding: (0..<n).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }, as: UTF8.self)
        }
    }
}
