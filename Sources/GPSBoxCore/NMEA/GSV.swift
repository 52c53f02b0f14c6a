// GSV: GNSS satellites in view (NMEA 0183 v4.11; u-blox M8 §31.2.10 "GSV").
//   $xxGSV,numMsg,msgNum,numSV,{svid,elv,az,cno}×1..4[,signalId]*cs
// NMEA 4.10 appended signalId: a field count of 4k+1 after numSV means it is there.

public struct GSV: Hashable, Sendable {
    /// Stored narrow (a GSV holds four inline): the ranges below fit, and nil stays nil.
    public struct Satellite: Hashable, Sendable {
        private var svid16: UInt16?, elevation8: Int8?, azimuth16: UInt16?, cno8: UInt8?
        public var svid: Int? { svid16.map(Int.init) }
        /// Degrees, −90…90.
        public var elevation: Int? { elevation8.map(Int.init) }
        /// Degrees, 0…359.
        public var azimuth: Int? { azimuth16.map(Int.init) }
        /// Carrier-to-noise density, dB-Hz; nil when not tracking.
        public var cno: Int? { cno8.map(Int.init) }

        /// Values outside svid 0…999, elevation −90…90, azimuth 0…360, C/N0 0…99 are a
        /// programmer error here: the decoder range-checks them first.
        public init(svid: Int?, elevation: Int?, azimuth: Int?, cno: Int?) {
            svid16 = svid.map { UInt16($0) }
            elevation8 = elevation.map { Int8($0) }
            azimuth16 = azimuth.map { UInt16($0) }
            cno8 = cno.map { UInt8($0) }
        }
    }

    public var talker: NMEATalker
    public var numberOfMessages: Int?
    public var messageNumber: Int?
    public var satellitesInView: Int?
    public var satellites: Satellites
    public var signalID: NMEASystemID?

    /// Up to four satellites, stored inline (no allocation).
    public struct Satellites: RandomAccessCollection, Hashable, Sendable {
        var storage: (Satellite?, Satellite?, Satellite?, Satellite?) = (nil, nil, nil, nil)
        public private(set) var count = 0
        public var startIndex: Int { 0 }
        public var endIndex: Int { count }
        public subscript(i: Int) -> Satellite {
            precondition(i >= 0 && i < count)
            switch i {
            case 0: return storage.0!
            case 1: return storage.1!
            case 2: return storage.2!
            default: return storage.3!
            }
        }
        mutating func append(_ s: Satellite) {
            switch count {
            case 0: storage.0 = s
            case 1: storage.1 = s
            case 2: storage.2 = s
            default: storage.3 = s
            }
            count += 1
        }
        public static func == (a: Self, b: Self) -> Bool { a.elementsEqual(b) }
        public func hash(into h: inout Hasher) { for s in self { h.combine(s) } }
    }

    /// Fields left nil because they held something unusable.
    public var invalidFields = NMEAInvalidFields()

    public init(sentence: ArraySlice<UInt8>) throws(NMEAError) {
        self = try NMEAFieldCursor.read(sentence) { f throws(NMEAError) in try GSV(cursor: &f) }
    }

    /// Decodes from a cursor positioned before the address field. Without `readingSatellites`
    /// the satellite blocks are only checked (their unusable fields still go to
    /// `invalidFields`) and `satellites` stays empty: `decode --format stats` and the epoch
    /// assembler need nothing of a GSV but its counts.
    init(cursor f: inout NMEAFieldCursor, readingSatellites: Bool = true) throws(NMEAError) {
        talker = try f.address(0x47, 0x53, 0x56)
        numberOfMessages = f.integer(in: 1...99)
        messageNumber = f.integer(in: 1...99)
        satellitesInView = f.integer(in: 0...999)
        let countField = f.field
        // Checking only: the plain blocks first, then the fields left are counted, not the whole
        // sentence's. A block is four fields, so no more blocks are taken than `m / 4` below
        // (the signal ID, alone after the last block, is never one), and plain blocks record
        // nothing: the unusable fields are recorded in the same order.
        let checked = readingSatellites ? 0 : f.plainSatelliteBlocks(4)
        var m = 4 * checked + f.remainingFieldCount
        let hasSignal = m % 4 == 1
        if hasSignal { m -= 1 }
        if m > 16 { // more than four satellites: the first four are read
            f.record(.outOfRange, field: countField + 17)
            m = 16
        }
        satellites = Satellites()
        for _ in checked..<(m / 4) {
            let svid = f.integer(in: 0...999), elevation = f.signedInteger(in: -90...90)
            let azimuth = f.integer(in: 0...360), cno = f.integer(in: 0...99)
            guard readingSatellites, svid != nil || elevation != nil || azimuth != nil || cno != nil else { continue }
            satellites.append(Satellite(svid: svid, elevation: elevation, azimuth: azimuth, cno: cno))
        }
        f.skip(m % 4)
        signalID = hasSignal ? f.indicator(NMEASystemID.init(hexDigit:)) : nil
        invalidFields = f.invalidFields
    }
}
