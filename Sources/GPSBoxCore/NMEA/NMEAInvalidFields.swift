// The fields of one checksum-valid sentence that held something unusable:
// each was left nil and the rest of the sentence decoded. `decode --format messages` lists
// them; `decode --format stats` counts them. A set of field indices (field 0 is the address;
// indices above 63 share the last bit) and the first error, for its reason: no allocation.

public struct NMEAInvalidFields: Hashable, Sendable {
    public private(set) var mask: UInt64 = 0
    /// The first unusable field and why.
    public private(set) var first: NMEAError?

    public init() {}

    public var isEmpty: Bool { mask == 0 }
    public var count: Int { mask.nonzeroBitCount }

    public mutating func insert(_ error: NMEAError) {
        if first == nil { first = error }
        mask |= 1 << UInt64(min(max(error.field, 0), 63))
    }

    public func contains(field: Int) -> Bool { mask & (1 << UInt64(min(max(field, 0), 63))) != 0 }

    /// The field indices, in order.
    public var fields: [Int] { (0..<64).filter { mask & (1 << UInt64($0)) != 0 } }
}
