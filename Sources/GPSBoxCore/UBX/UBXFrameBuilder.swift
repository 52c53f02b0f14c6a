// Builds a complete UBX frame: sync chars 0xB5 0x62, class, id, little-endian payload
// length, payload, and the Fletcher checksum CK_A CK_B over class..payload
// (u-blox 8 / M8 Receiver Description, §32.2 "UBX Frame Structure").

public enum UBXFrameBuilder {
    public static let sync1: UInt8 = 0xB5
    public static let sync2: UInt8 = 0x62

    /// Appends a framed message to `out` (no allocation when `out` has capacity).
    public static func append(class messageClass: UInt8, id: UInt8, payload: some Collection<UInt8>,
                              to out: inout [UInt8]) {
        let start = out.count
        out.append(sync1)
        out.append(sync2)
        out.append(messageClass)
        out.append(id)
        out.appendLE(UInt16(truncatingIfNeeded: payload.count))
        out.append(contentsOf: payload)
        let (a, b) = Fletcher8.checksum(out[(start + 2)...])
        out.append(a)
        out.append(b)
    }

    public static func frame(class messageClass: UInt8, id: UInt8, payload: some Collection<UInt8> = [UInt8]()) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + 8)
        append(class: messageClass, id: id, payload: payload, to: &out)
        return out
    }
}
