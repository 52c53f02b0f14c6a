// A view over consecutive comma-separated fields (GSA satellite IDs, GSV satellite blocks,
// GNS mode letters): iterates in place, so a sentence's lists cost no allocation.

public struct NMEAFieldList: Sequence, Hashable, Sendable {
    public let bytes: ArraySlice<UInt8>
    public let count: Int

    public init(_ bytes: ArraySlice<UInt8>, count: Int) {
        self.bytes = bytes
        self.count = count
    }

    public struct Iterator: IteratorProtocol {
        let bytes: ArraySlice<UInt8>
        var position: Int
        var left: Int
        public mutating func next() -> ArraySlice<UInt8>? {
            guard left > 0 else { return nil }
            left -= 1
            var i = position
            while i < bytes.endIndex, bytes[i] != 0x2C { i += 1 }
            let field = bytes[position..<i]
            position = Swift.min(i + 1, bytes.endIndex)
            return field
        }
    }

    public func makeIterator() -> Iterator { Iterator(bytes: bytes, position: bytes.startIndex, left: count) }

    /// A field as an unsigned integer; nil when empty, `.invalid` when not digits.
    public static func integer(_ field: ArraySlice<UInt8>) -> IntegerField {
        if field.isEmpty { return .empty }
        guard field.count <= 9 else { return .invalid }
        var v = 0
        for c in field {
            let d = c &- 0x30
            guard d < 10 else { return .invalid }
            v = v * 10 + Int(d)
        }
        return .value(v)
    }

    public enum IntegerField: Equatable { case empty, invalid, value(Int) }
}
