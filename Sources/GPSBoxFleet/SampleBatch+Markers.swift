// The trip markers of a batch's stretch of log: `gpsbox record start/stop` (and the daemon's gap
// and boot markers) end trips in `gpsbox stats`, so the server needs them to split trips the same
// way. A batch with markers is layout version 2: version 1 followed by the markers (docs/fleet.md,
// "Compact batch"); a batch without markers stays version 1, which every collector reads.
import GPSBoxCore

/// A trip start or stop record (docs/log-format.md §4.2) and its offset in the batch's segment.
public struct PositionedMarker: Hashable, Sendable {
    public var offset: Int64
    public var isStart: Bool
    public var marker: TripMarker

    public init(offset: Int64, isStart: Bool, marker: TripMarker) {
        self.offset = offset
        self.isStart = isStart
        self.marker = marker
    }

    /// The log entry the record holds.
    public var entry: LogEntry { isStart ? .tripStart(marker) : .tripStop(marker) }

    /// Markers kept from a log entry; nil for anything else.
    public init?(offset: Int64, entry: LogEntry) {
        switch entry {
        case .tripStart(let m): self.init(offset: offset, isStart: true, marker: m)
        case .tripStop(let m): self.init(offset: offset, isStart: false, marker: m)
        default: return nil
        }
    }
}

extension SampleBatch {
    /// The layout version of a batch that carries markers.
    public static let markersVersion: UInt8 = 2

    /// Per marker: offset delta (zigzag varint, chained from 0), kind (bit 0: start, bit 1: time
    /// known), trip id (varint), reason (byte), then the time in ms (zigzag varint) when known.
    func appendMarkers(to out: inout [UInt8]) {
        Varint.append(UInt64(markers.count), to: &out)
        var previousOffset: Int64 = 0
        for p in markers {
            Varint.append(Varint.zigzag(p.offset - previousOffset), to: &out)
            out.append((p.isStart ? 1 : 0) | (p.marker.time == nil ? 0 : 2))
            Varint.append(UInt64(p.marker.tripID), to: &out)
            out.append(p.marker.reason.rawValue)
            if let t = p.marker.time { Varint.append(Varint.zigzag(t.rawValue), to: &out) }
            previousOffset = p.offset
        }
    }

    static func decodeMarkers(_ r: inout ByteCursor, limit: Int) throws(BatchDecodingError) -> [PositionedMarker] {
        let count = try r.varint("marker count")
        guard count <= UInt64(limit) else { throw BatchDecodingError(offset: r.position, field: "marker count") }
        var out: [PositionedMarker] = []
        var offset: Int64 = 0
        for _ in 0..<count {
            offset = try r.delta(offset, "marker offset", in: 0...Int64(UInt32.max))
            let kind = try r.byte("marker kind")
            guard kind < 4 else { throw BatchDecodingError(offset: r.position - 1, field: "marker kind") }
            let id = try r.varint("trip id")
            guard id <= UInt64(UInt32.max) else { throw BatchDecodingError(offset: r.position, field: "trip id") }
            let reason = TripReason(rawValue: try r.byte("marker reason"))
            let time = kind & 2 == 0 ? nil : UTCTime(rawValue: try r.delta(0, "marker time", in: Int64(Int32.min) * 1000...Int64(1) << 50))
            out.append(PositionedMarker(offset: offset, isStart: kind & 1 == 1,
                                        marker: TripMarker(tripID: UInt32(id), time: time, reason: reason)))
        }
        return out
    }
}
