// Little-endian readers and writers over byte collections.
//
// u-blox UBX is little-endian throughout (u-blox 8 / M8 Receiver Description, §32.2
// "UBX Frame Structure": "all multi-byte values are ordered in Little Endian format"),
// and so is the gpsbox track log. The names say "LE" so no reader ever has to guess.

extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// Reads a little-endian integer at `offset` bytes from `startIndex`.
    /// The caller has checked the length (views check it once, at init).
    @inlinable
    public func le<T: FixedWidthInteger>(_ offset: Int, as: T.Type = T.self) -> T {
        var value: T.Magnitude = 0
        let base = startIndex + offset
        var shift = 0
        for i in 0..<MemoryLayout<T>.size {
            value |= T.Magnitude(self[base + i]) << shift
            shift += 8
        }
        return T(truncatingIfNeeded: value)
    }
}

extension ArraySlice where Element == UInt8 {
    /// The same read for the slices every UBX view holds (`decode` reads a dozen per message):
    /// one bounds check for the whole value and one unaligned load, where the generic reader
    /// checks a subscript per byte. Little-endian stays explicit (`T(littleEndian:)`).
    @inlinable @inline(__always)
    public func le<T: FixedWidthInteger & BitwiseCopyable>(_ offset: Int, as: T.Type = T.self) -> T {
        precondition(offset >= 0 && offset <= count &- MemoryLayout<T>.size, "little-endian read past the end")
        return withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }
}

extension Array where Element == UInt8 {
    /// Appends `value` in little-endian byte order.
    @inlinable
    public mutating func appendLE<T: FixedWidthInteger>(_ value: T) {
        var v = value.littleEndian
        Swift.withUnsafeBytes(of: &v) { self.append(contentsOf: $0) }
    }
}
