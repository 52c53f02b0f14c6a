// UBX-CFG-VALSET (0x06 0x8A) and the UBX-CFG-VALGET poll (0x06 0x8B): key-value configuration of
// M9/M10/F9 receivers. ZED-F9P interface description (UBX-18010854) §3.10 / §3.10.
//
// CFG-VALSET                                CFG-VALGET (poll request)
// Offset Type Name        Unit              Offset Type Name     Unit
//  0     U1   version     0 (no transaction) 0     U1   version  0
//  1     X1   layers      bit0 RAM, bit1 BBR, bit2 flash
//                                            1     U1   layer    0 RAM, 1 BBR, 2 flash, 7 default
//  2     U1[2] reserved                      2     U2   position skip this many values
//  4     key U4 + value (size from key) …    4     U4…  keys

public struct CfgVALSET: UBXEncodable {
    public var messageID: UBXMessageID { .cfgVALSET }
    public var layers: UBXConfigLayers
    public private(set) var items: [(key: UBXConfigKey, value: UInt64)] = []

    public init(layers: UBXConfigLayers = .ram) { self.layers = layers }

    /// Adds a value; the key's size code says how many bytes of `value` are sent.
    public mutating func set(_ key: UBXConfigKey, _ value: UInt64) {
        precondition(key.valueSize > 0, "configuration key with a reserved size code")
        items.append((key, value))
    }

    public mutating func set(_ key: UBXConfigKey, _ value: Bool) { set(key, value ? 1 : 0) }

    public func appendPayload(to out: inout [UInt8]) {
        out.append(0)
        out.append(layers.rawValue)
        out.append(0)
        out.append(0)
        for (key, value) in items {
            out.appendLE(key.rawValue)
            for i in 0..<key.valueSize { out.append(UInt8(truncatingIfNeeded: value >> (8 * i))) }
        }
    }
}

public struct CfgVALGET: UBXEncodable {
    public var messageID: UBXMessageID { .cfgVALGET }
    public var layer: UBXConfigReadLayer
    public var position: UInt16
    public var keys: [UBXConfigKey]

    public init(layer: UBXConfigReadLayer = .ram, keys: [UBXConfigKey], position: UInt16 = 0) {
        self.layer = layer
        self.keys = keys
        self.position = position
    }

    public func appendPayload(to out: inout [UInt8]) {
        out.append(0)
        out.append(layer.rawValue)
        out.appendLE(position)
        for key in keys { out.appendLE(key.rawValue) }
    }
}
