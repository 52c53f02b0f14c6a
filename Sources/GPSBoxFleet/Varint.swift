// LEB128 varints (7 bits a byte, low group first, as protobuf and CBOR-less formats use) and
// zigzag signed mapping (0, -1, 1, -2 … → 0, 1, 2, 3 …), and a bounds-checked reader over them.

enum Varint {
    static func append(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
    static func unzigzag(_ u: UInt64) -> Int64 { Int64(bitPattern: u >> 1) ^ -Int64(bitPattern: u & 1) }
}

struct ByteCursor {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte(_ field: String) throws(BatchDecodingError) -> UInt8 {
        guard position < bytes.count else { throw BatchDecodingError(offset: position, field: field) }
        position += 1
        return bytes[position - 1]
    }

    mutating func uint64LE(_ field: String) throws(BatchDecodingError) -> UInt64 {
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(try byte(field)) << UInt64(8 * i) }
        return v
    }

    mutating func varint(_ field: String) throws(BatchDecodingError) -> UInt64 {
        let start = position
        var v: UInt64 = 0
        for shift in stride(from: UInt64(0), to: 64, by: 7) {
            let b = try byte(field)
            v |= UInt64(b & 0x7f) << shift
            if b < 0x80 { return v }
        }
        throw BatchDecodingError(offset: start, field: field)
    }

    /// `previous` plus a zigzag delta, which must land in `range`.
    mutating func delta(_ previous: Int64, _ field: String, in range: ClosedRange<Int64>) throws(BatchDecodingError) -> Int64 {
        let start = position
        let (v, overflow) = previous.addingReportingOverflow(Varint.unzigzag(try varint(field)))
        guard !overflow, range.contains(v) else { throw BatchDecodingError(offset: start, field: field) }
        return v
    }
}
