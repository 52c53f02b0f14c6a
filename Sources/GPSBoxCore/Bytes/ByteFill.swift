// Byte arrays filled by read(2)-style calls and checksummed in place: the raw-pointer side of
// reading into `[UInt8]`, kept here so that the log's code names no unsafe type.

extension Array where Element == UInt8 {
    /// Hands `body` the array's bytes in `range` to fill (as read(2) fills a buffer) and returns
    /// what `body` returns: the count it read, or its error as a value.
    @inlinable
    public mutating func filling<R>(_ range: Range<Int>, _ body: (UnsafeMutableRawBufferPointer) -> R) -> R {
        withUnsafeMutableBytes { body(UnsafeMutableRawBufferPointer(rebasing: $0[range])) }
    }
}

extension CRC32C {
    /// The same update over an array's slice.
    @inlinable
    public static func update(_ crc: UInt32, _ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBytes { update(crc, $0) }
    }
}
