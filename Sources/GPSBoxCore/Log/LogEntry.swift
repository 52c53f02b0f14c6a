// What the track log holds, as the reader returns it and the writer accepts it
// (docs/log-format.md §4). Payload codecs for the small record types live here too.

/// One logical record of the track log.
public enum LogEntry: Hashable, Sendable {
    case sample(TrackSample)
    case tripStart(TripMarker)
    case tripStop(TripMarker)
    case event(LogEvent)
    case raw(RawChunk)

    public var recordType: LogRecordType {
        switch self {
        case .sample: .sample
        case .tripStart: .tripStart
        case .tripStop: .tripStop
        case .event: .event
        case .raw: .raw
        }
    }

    /// The GPS UTC time the entry carries, if known.
    public var time: UTCTime? {
        switch self {
        case .sample(let s): s.time
        case .tripStart(let m), .tripStop(let m): m.time
        case .event(let e): e.time
        case .raw(let r): r.time
        }
    }
}

/// Why a trip started or stopped (§4.2).
public enum TripReason: Hashable, Sendable {
    case recordingToggled, gap, boot, shutdown
    case other(UInt8)

    public init(rawValue: UInt8) {
        switch rawValue {
        case 1: self = .recordingToggled
        case 2: self = .gap
        case 3: self = .boot
        case 4: self = .shutdown
        default: self = .other(rawValue)
        }
    }

    public var rawValue: UInt8 {
        switch self {
        case .recordingToggled: 1
        case .gap: 2
        case .boot: 3
        case .shutdown: 4
        case .other(let v): v
        }
    }
}

/// A trip start or stop marker (§4.2).
public struct TripMarker: Hashable, Sendable {
    public var tripID: UInt32
    public var time: UTCTime?
    public var reason: TripReason

    public init(tripID: UInt32, time: UTCTime?, reason: TripReason) {
        self.tripID = tripID
        self.time = time
        self.reason = reason
    }
}

/// A device or configuration event: a short key and a free-text value (§4.3).
public struct LogEvent: Hashable, Sendable {
    public var time: UTCTime?
    public var key: String
    public var value: String

    public init(time: UTCTime?, key: String, value: String) {
        self.time = time
        self.key = key
        self.value = value
    }
}

/// Receiver bytes exactly as read (§4.4).
public struct RawChunk: Hashable, Sendable {
    public var time: UTCTime?
    public var bytes: [UInt8]

    public init(time: UTCTime?, bytes: [UInt8]) {
        self.time = time
        self.bytes = bytes
    }
}

extension LogEntry {
    /// The §4 payload. A sample's time is stored relative to `segmentDay` (the UTC day of its
    /// segment, §4.1; default: the sample's own day). Event keys and values are truncated (at a
    /// UTF-8 boundary) to fit one block; raw chunks must already fit (the writer splits them).
    public func logPayload(segmentDay: Int64? = nil) -> [UInt8] {
        var out: [UInt8] = []
        switch self {
        case .sample(let s):
            out.reserveCapacity(TrackSample.logMaxSize)
            s.appendLogPayload(to: &out, day: segmentDay ?? s.time.dayNumber)
        case .tripStart(let m), .tripStop(let m):
            out.appendLE(m.tripID)
            out.appendLE(m.time?.rawValue ?? LogFormat.unknownTime)
            out.append(m.reason.rawValue)
        case .event(let e):
            out.appendLE(e.time?.rawValue ?? LogFormat.unknownTime)
            let key = Self.utf8Prefix(e.key, maxBytes: 255)
            out.append(UInt8(key.count))
            out.append(contentsOf: key)
            out.append(contentsOf: Self.utf8Prefix(e.value, maxBytes: LogFormat.maxPayload - out.count))
        case .raw(let r):
            precondition(r.bytes.count <= LogFormat.maxPayload - 8, "raw chunk larger than a record")
            out.appendLE(r.time?.rawValue ?? LogFormat.unknownTime)
            out.append(contentsOf: r.bytes)
        }
        return out
    }

    /// Decodes a verified payload of a known type; nil when it is too short (malformed).
    /// `segmentDay` is the UTC day of the record's segment, which samples need (§4.1).
    public init?(type: LogRecordType, payload p: UnsafeRawBufferPointer, segmentDay: Int64) {
        func time(_ at: Int) -> UTCTime? {
            let v: Int64 = p.le(at)
            return v == LogFormat.unknownTime ? nil : UTCTime(rawValue: v)
        }
        switch type {
        case .sample:
            guard let s = TrackSample(logPayload: p, day: segmentDay) else { return nil }
            self = .sample(s)
        case .tripStart, .tripStop:
            guard p.count >= 13 else { return nil }
            let m = TripMarker(tripID: p.le(0), time: time(4), reason: TripReason(rawValue: p[12]))
            self = type == .tripStart ? .tripStart(m) : .tripStop(m)
        case .event:
            guard p.count >= 9, p.count >= 9 + Int(p[8]) else { return nil }
            let k = Int(p[8])
            let key = String(decoding: UnsafeRawBufferPointer(rebasing: p[9..<(9 + k)]), as: UTF8.self)
            let value = String(decoding: UnsafeRawBufferPointer(rebasing: p[(9 + k)...]), as: UTF8.self)
            self = .event(LogEvent(time: time(0), key: key, value: value))
        case .raw:
            guard p.count >= 8 else { return nil }
            self = .raw(RawChunk(time: time(0), bytes: Array(p[8...])))
        }
    }

    /// The longest prefix of `s` of at most `maxBytes` UTF-8 bytes that ends on a scalar boundary.
    static func utf8Prefix(_ s: String, maxBytes: Int) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in s.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if out.count + bytes.count > maxBytes { break }
            out.append(contentsOf: bytes)
        }
        return out
    }
}
