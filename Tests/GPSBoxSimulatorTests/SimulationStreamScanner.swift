// Test-side splitter for simulator output: every UBX frame and NMEA sentence with its
// checksum verdict, so tests can assert that a stream holds exactly the frames intended.
@testable import GPSBoxCore

struct ScannedFrame: Equatable {
    enum Kind: Equatable { case ubx(class: UInt8, id: UInt8), nmea(String) }
    var kind: Kind
    var payload: [UInt8]  // UBX payload, or NMEA text between '$' and '*'
    var checksumOK: Bool

    var nmeaFields: [String] {
        String(decoding: payload, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
}

struct SimulationStreamScanner {
    var frames: [ScannedFrame] = []
    var unframedBytes = 0

    init(_ b: [UInt8]) {
        var i = 0
        while i < b.count {
            if b[i] == 0xB5, i + 7 < b.count, b[i + 1] == 0x62 {
                let len = Int(b[i + 4]) | Int(b[i + 5]) << 8
                guard i + 8 + len <= b.count else { unframedBytes += b.count - i; break }
                let (a, c) = Fletcher8.checksum(b[(i + 2)..<(i + 6 + len)])
                frames.append(ScannedFrame(kind: .ubx(class: b[i + 2], id: b[i + 3]),
                                           payload: Array(b[(i + 6)..<(i + 6 + len)]),
                                           checksumOK: a == b[i + 6 + len] && c == b[i + 7 + len]))
                i += 8 + len
            } else if b[i] == 0x24, let star = b[i...].firstIndex(of: 0x2A), star + 4 < b.count,
                      b[star + 3] == 0x0D, b[star + 4] == 0x0A {
                let body = Array(b[(i + 1)..<star])
                var x: UInt8 = 0
                for c in body { x ^= c }
                let hex = String(decoding: b[(star + 1)...(star + 2)], as: UTF8.self)
                let name = String(decoding: body.prefix { $0 != 0x2C }, as: UTF8.self)
                frames.append(ScannedFrame(kind: .nmea(name), payload: body, checksumOK: UInt8(hex, radix: 16) == x))
                i = star + 5
            } else {
                unframedBytes += 1
                i += 1
            }
        }
    }

    func ubx(_ c: UInt8, _ id: UInt8) -> [ScannedFrame] { frames.filter { $0.kind == .ubx(class: c, id: id) } }
    func nmea(_ name: String) -> [ScannedFrame] { frames.filter { $0.kind == .nmea(name) } }
    var badChecksums: Int { frames.filter { !$0.checksumOK }.count }
}
