// The UBX checksum: 8-bit Fletcher over class, id, length and payload
// (u-blox 8 / M8 Receiver Description, §32.4 "UBX Checksum").

public struct Fletcher8: Equatable, Sendable {
    public var a: UInt8 = 0
    public var b: UInt8 = 0

    public init() {}

    @inlinable
    public mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        for byte in bytes {
            a &+= byte
            b &+= a
        }
    }

    @inlinable
    public mutating func update(_ byte: UInt8) {
        a &+= byte
        b &+= a
    }

    @inlinable
    public static func checksum<C: Collection>(_ bytes: C) -> (a: UInt8, b: UInt8) where C.Element == UInt8 {
        var f = Fletcher8()
        f.update(bytes)
        return (f.a, f.b)
    }
}
