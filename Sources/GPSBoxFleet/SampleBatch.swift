// The compact track message: one MQTT payload carrying a run of consecutive samples of one log
// segment, delta-encoded with LEB128 varints (docs/fleet.md, "Compact batch" has the layout).
// Every TrackSample field survives the round trip, and every sample carries its log position
// (run, segment, record offset), the key that makes loading it twice change nothing.
import GPSBoxCore

/// Where a record sits in the track log: the writer's run, the segment's sequence number and the
/// record's byte offset in that segment. Stable for the life of the record, whoever reads it.
public struct LogPosition: Hashable, Sendable, CustomStringConvertible {
    public var run: UInt64
    public var segment: UInt64
    public var offset: Int64

    public init(run: UInt64, segment: UInt64, offset: Int64) {
        self.run = run
        self.segment = segment
        self.offset = offset
    }

    public var description: String { "run \(String(run, radix: 16)) segment \(segment) offset \(offset)" }
}

/// A logged sample and the offset of its record within the batch's segment.
public struct PositionedSample: Hashable, Sendable {
    public var offset: Int64
    public var sample: TrackSample

    public init(offset: Int64, sample: TrackSample) {
        self.offset = offset
        self.sample = sample
    }
}

public struct SampleBatch: Hashable, Sendable {
    /// First byte of every compact batch ('G') and the layout version that follows it.
    public static let magic: UInt8 = 0x47
    public static let version: UInt8 = 1

    public var run: UInt64
    public var segment: UInt64
    /// In record order (increasing offsets).
    public var samples: [PositionedSample]
    /// The trip markers among the samples' records, in record order (SampleBatch+Markers.swift).
    public var markers: [PositionedMarker]

    public init(run: UInt64, segment: UInt64, samples: [PositionedSample], markers: [PositionedMarker] = []) {
        self.run = run
        self.segment = segment
        self.samples = samples
        self.markers = markers
    }

    /// The first and last record the batch covers, samples and markers alike.
    public var first: LogPosition {
        let offsets = [samples.first?.offset, markers.first?.offset].compactMap { $0 }
        return LogPosition(run: run, segment: segment, offset: offsets.min() ?? 0)
    }
    public var last: LogPosition {
        let offsets = [samples.last?.offset, markers.last?.offset].compactMap { $0 }
        return LogPosition(run: run, segment: segment, offset: offsets.max() ?? 0)
    }

    /// The optional fields in the order of their presence bits (bit 3 + index; bits 0-2 hold the fix mode).
    static func optionals(_ s: TrackSample) -> [Int64?] {
        [s.altitudeMSL.map(Int64.init), s.altitudeHAE.map(Int64.init), s.speed.map(Int64.init),
         s.course.map(Int64.init), s.climb.map(Int64.init), s.horizontalAccuracy.map(Int64.init),
         s.verticalAccuracy.map(Int64.init), s.satellitesUsed.map(Int64.init), s.pdop.map(Int64.init),
         s.hdop.map(Int64.init), s.vdop.map(Int64.init)]
    }

    static let fieldNames = ["altitude MSL", "altitude HAE", "speed", "course", "climb", "horizontal accuracy",
                             "vertical accuracy", "satellites", "PDOP", "HDOP", "VDOP"]

    public func encoded() -> [UInt8] {
        var out: [UInt8] = [Self.magic, markers.isEmpty ? Self.version : Self.markersVersion]
        out.reserveCapacity(16 + samples.count * 28)
        out.appendLE(run)
        Varint.append(segment, to: &out)
        Varint.append(UInt64(samples.count), to: &out)
        var previousOffset: Int64 = 0, previousTime: Int64 = 0, previousLat: Int64 = 0, previousLon: Int64 = 0
        var previous = [Int64](repeating: 0, count: Self.fieldNames.count)
        for p in samples {
            let s = p.sample
            Varint.append(Varint.zigzag(p.offset - previousOffset), to: &out)
            let fields = Self.optionals(s)
            var flags = UInt64(s.mode.rawValue)
            for (i, f) in fields.enumerated() where f != nil { flags |= 1 << UInt64(3 + i) }
            Varint.append(flags, to: &out)
            Varint.append(Varint.zigzag(s.time.rawValue - previousTime), to: &out)
            Varint.append(Varint.zigzag(Int64(s.latitudeE7) - previousLat), to: &out)
            Varint.append(Varint.zigzag(Int64(s.longitudeE7) - previousLon), to: &out)
            for (i, f) in fields.enumerated() {
                guard let v = f else { continue }
                Varint.append(Varint.zigzag(v - previous[i]), to: &out)
                previous[i] = v
            }
            previousOffset = p.offset
            previousTime = s.time.rawValue
            previousLat = Int64(s.latitudeE7)
            previousLon = Int64(s.longitudeE7)
        }
        if !markers.isEmpty { appendMarkers(to: &out) }
        return out
    }
}

/// Why a payload is not a compact batch (or an acknowledgement): the byte offset and what was expected there.
public struct BatchDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var field: String

    public init(offset: Int, field: String) {
        self.offset = offset
        self.field = field
    }

    public var description: String { "malformed message at byte \(offset): bad or missing \(field)" }
}

extension SampleBatch {
    /// Decodes a compact batch; every value is range-checked (a hostile publisher cannot trap the collector).
    public init(decoding bytes: [UInt8]) throws(BatchDecodingError) {
        var r = ByteCursor(bytes)
        guard try r.byte("magic") == Self.magic else { throw BatchDecodingError(offset: 0, field: "magic") }
        let version = try r.byte("version")
        guard version == Self.version || version == Self.markersVersion else { throw BatchDecodingError(offset: 1, field: "version") }
        run = try r.uint64LE("run")
        segment = try r.varint("segment")
        let count = try r.varint("count")
        guard count > 0, count <= UInt64(bytes.count) else { throw BatchDecodingError(offset: r.position, field: "count") }
        samples = []
        samples.reserveCapacity(Int(count))
        var offset: Int64 = 0, time: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0
        var previous = [Int64](repeating: 0, count: Self.fieldNames.count)
        for _ in 0..<count {
            offset = try r.delta(offset, "record offset", in: 0...Int64(UInt32.max))
            let flags = try r.varint("flags")
            guard let mode = FixMode(rawValue: UInt8(flags & 7)), flags >> UInt64(3 + Self.fieldNames.count) == 0 else {
                throw BatchDecodingError(offset: r.position, field: "flags")
            }
            time = try r.delta(time, "time", in: Int64(Int32.min) * 1000...Int64(1) << 50)
            lat = try r.delta(lat, "latitude", in: -900_000_000...900_000_000)
            lon = try r.delta(lon, "longitude", in: -1_800_000_000...1_800_000_000)
            var s = TrackSample(time: UTCTime(rawValue: time), latitudeE7: Int32(lat), longitudeE7: Int32(lon), mode: mode)
            for i in previous.indices where flags & (1 << UInt64(3 + i)) != 0 {
                let range: ClosedRange<Int64> = switch i {
                case 5, 6: 0...Int64(UInt32.max)
                case 7: 0...255
                case 8, 9, 10: 0...Int64(UInt16.max)
                default: Int64(Int32.min)...Int64(Int32.max)
                }
                previous[i] = try r.delta(previous[i], Self.fieldNames[i], in: range)
                let v = previous[i]
                switch i {
                case 0: s.altitudeMSL = Int32(v)
                case 1: s.altitudeHAE = Int32(v)
                case 2: s.speed = Int32(v)
                case 3: s.course = Int32(v)
                case 4: s.climb = Int32(v)
                case 5: s.horizontalAccuracy = UInt32(v)
                case 6: s.verticalAccuracy = UInt32(v)
                case 7: s.satellitesUsed = UInt8(v)
                case 8: s.pdop = UInt16(v)
                case 9: s.hdop = UInt16(v)
                default: s.vdop = UInt16(v)
                }
            }
            samples.append(PositionedSample(offset: offset, sample: s))
        }
        markers = version == Self.markersVersion ? try Self.decodeMarkers(&r, limit: bytes.count) : []
        guard r.position == bytes.count else { throw BatchDecodingError(offset: r.position, field: "end of message") }
    }
}
