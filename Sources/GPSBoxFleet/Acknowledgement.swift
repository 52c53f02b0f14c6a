// The collector's end-to-end acknowledgement: "records first…last of this segment are committed
// in the database". libmosquitto answers a QoS 1 PUBLISH with PUBACK before it hands the message
// to the application (lib/handle_publish.c: send__puback, then callback__on_message), so a
// PUBACK only says the broker holds the batch. The upload's cursor moves on this message instead
// (published by the collector after COMMIT on gpsbox/<box>/ack, QoS 1; docs/fleet.md).
import GPSBoxCore

public struct Acknowledgement: Hashable, Sendable {
    /// First byte of an acknowledgement ('A'), then the layout version.
    public static let magic: UInt8 = 0x41
    public static let version: UInt8 = 1

    public var first: LogPosition
    /// Offset of the last committed record; same run and segment as `first`.
    public var lastOffset: Int64

    public init(first: LogPosition, lastOffset: Int64) {
        self.first = first
        self.lastOffset = lastOffset
    }

    public init(of batch: SampleBatch) {
        self.init(first: batch.first, lastOffset: batch.last.offset)
    }

    public var last: LogPosition { LogPosition(run: first.run, segment: first.segment, offset: lastOffset) }

    /// True when the acknowledged range covers every record from `a` to `b` (one segment).
    public func covers(_ a: LogPosition, _ b: LogPosition) -> Bool {
        a.run == first.run && a.segment == first.segment && b.run == first.run && b.segment == first.segment
            && first.offset <= a.offset && b.offset <= lastOffset
    }

    /// magic, version, run (u64 LE), segment, first offset, last − first (varints): 13-30 bytes.
    public func encoded() -> [UInt8] {
        var out: [UInt8] = [Self.magic, Self.version]
        out.appendLE(first.run)
        Varint.append(first.segment, to: &out)
        Varint.append(UInt64(first.offset), to: &out)
        Varint.append(UInt64(lastOffset - first.offset), to: &out)
        return out
    }

    public init(decoding bytes: [UInt8]) throws(BatchDecodingError) {
        var r = ByteCursor(bytes)
        guard try r.byte("magic") == Self.magic else { throw BatchDecodingError(offset: 0, field: "magic") }
        guard try r.byte("version") == Self.version else { throw BatchDecodingError(offset: 1, field: "version") }
        let run = try r.uint64LE("run")
        let segment = try r.varint("segment")
        let start = r.position
        let offset = try r.varint("first offset"), span = try r.varint("last offset")
        guard offset <= UInt64(UInt32.max), span <= UInt64(UInt32.max) else {
            throw BatchDecodingError(offset: start, field: "offsets")
        }
        guard r.position == bytes.count else { throw BatchDecodingError(offset: r.position, field: "end of message") }
        self.init(first: LogPosition(run: run, segment: segment, offset: Int64(offset)), lastOffset: Int64(offset + span))
    }
}
